/**
 * Live updates while signed in (spec §4): keeps the shared /ws connection open and applies its
 * events to the query cache. Returns the connection status for a quiet indicator.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { ServerSocketEvent } from '../../../../core/schemas/messaging';
import { AUTH_USER_KEY, useAuth } from '../../auth/api/use-auth';
import { useHandleUnauthorized } from '../../auth/use-unauthorized';
import { ApiError } from '../../../lib/api';
import { CONVERSATIONS_KEY, messagesKey, UNREAD_COUNT_KEY } from '../api/keys';
import { type MessagePages, withMessage } from '../api/use-messages';
import { type LiveStatus, liveConnection } from './live-connection';

function applyEvent(queryClient: QueryClient, event: ServerSocketEvent): void {
  if (event.type === 'new_message') {
    // The open thread shows it at once; the list and the badge refetch their small answers.
    queryClient.setQueryData<MessagePages>(messagesKey(event.conversationId), (d) => withMessage(d, event.message));
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
    void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
  } else if (event.type === 'messages_read') {
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
    void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
  }
}

/** Everything the socket may have delivered while it was down: the list, open threads, the badge. */
function refetchAll(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
  void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
}

export function useRealtime(): LiveStatus {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const handleUnauthorized = useHandleUnauthorized('/login');
  const userId = user?.id;

  useEffect(() => {
    liveConnection.setHandlers({
      onEvent: (event) => applyEvent(queryClient, event),
      onResync: () => refetchAll(queryClient),
      // Issue 11 finding 3: the session ended elsewhere (logout, suspension, password change,
      // deletion). Private data leaves the screen now, and the user goes to sign in.
      onUnauthorized: () => {
        queryClient.setQueryData(AUTH_USER_KEY, null);
        queryClient.removeQueries({ queryKey: CONVERSATIONS_KEY });
        handleUnauthorized(new ApiError(401, 'Unauthorized'));
      },
    });
  }, [queryClient, handleUnauthorized]);

  useEffect(() => {
    if (!userId) return;
    return liveConnection.acquire(userId);
  }, [userId]);

  const status = useSyncExternalStore(liveConnection.subscribe, liveConnection.getStatus);
  return userId ? status : 'idle';
}
