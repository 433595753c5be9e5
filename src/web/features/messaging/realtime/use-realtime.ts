/**
 * Live updates while signed in: keeps the shared /ws connection open and applies its
 * events to the query cache. Returns the connection status for a quiet indicator.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ServerSocketEvent } from '../../../../core/schemas/messaging';
import { AUTH_USER_KEY, useAuth } from '../../../lib/use-auth';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { ApiError } from '../../../lib/api';
import { applyNewMessage, refreshConversation } from '../api/conversation-cache';
import { CONVERSATIONS_KEY, messagesKey, UNREAD_COUNT_KEY } from '../../../lib/conversation-keys';
import { type MessagePages, withMessage } from '../api/use-messages';
import { type LiveStatus, liveConnection } from '../../../lib/live-connection';

function applyEvent(queryClient: QueryClient, event: ServerSocketEvent, meId: string | undefined): void {
  if (!meId) return;
  if (event.type === 'new_message') {
    // The event carries the whole message; the thread, the list entry and the badge
    // are patched from it (at most one request by id), not refetched on every tab.
    const key = messagesKey(event.conversationId);
    const cached = queryClient.getQueryData<MessagePages>(key);
    if (cached?.pages.some((p) => p.some((m) => m.id === event.message.id))) return; // this tab sent it
    queryClient.setQueryData<MessagePages>(key, (d) => withMessage(d, event.message));
    applyNewMessage(queryClient, event.message, meId);
  } else if (event.type === 'messages_read' && event.readerId === meId) {
    // Read in another tab (or this one): that conversation's count and the badge, by id.
    void refreshConversation(queryClient, event.conversationId);
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
  const userIdRef = useRef(userId);
  userIdRef.current = userId;

  useEffect(() => {
    liveConnection.setHandlers({
      onEvent: (event) => applyEvent(queryClient, event, userIdRef.current),
      onResync: () => refetchAll(queryClient),
      // The session ended elsewhere (logout, suspension, password change,
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
