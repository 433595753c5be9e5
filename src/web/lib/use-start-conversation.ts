/**
 * The Message button of the directory and the public card: opens the
 * conversation with a professional, creating it if needed, then goes to /messages?conversation={id}.
 *
 *   const { startConversation, isPending, isSelf } = useStartConversation();
 *   <Button disabled={isSelf(card.userId) || isPending} onClick={() => startConversation(card.userId)}>
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DELAYS } from '../../core/limits';
import { loginPathFor } from '../../core/safe-next';
import type { ConversationView } from '../../core/schemas/messaging';
import { toast } from '../components/ui/toast';
import { ApiError, apiJson } from './api';
import { useAuth } from './use-auth';
import { CONVERSATIONS_KEY, conversationKey } from './conversation-keys';
import { type ConversationPages, flattenConversations, withConversationFirst } from './conversation-list';

function redirectToLogin() {
  setTimeout(() => {
    // Back to the page the Message button was on, so the visitor can tap it again signed in.
    const { pathname, search, hash } = window.location;
    window.location.href = loginPathFor(`${pathname}${search}${hash}`);
  }, DELAYS.conversationRedirect);
}

export function useStartConversation() {
  const { t } = useTranslation('messaging');
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: (participantId: string) => apiJson<ConversationView>('POST', '/api/conversations', { participantId }),
    onSuccess: (conversation) => {
      // The page opens it by id whether or not it is on the loaded pages of the list;
      // a new one goes to the top of the list.
      queryClient.setQueryData(conversationKey(conversation.id), conversation);
      queryClient.setQueryData<ConversationPages>(CONVERSATIONS_KEY, (d) =>
        d && !flattenConversations(d).some((c) => c.id === conversation.id)
          ? withConversationFirst(d, conversation)
          : d,
      );
      toast({ title: t('toast.startedTitle') });
      navigate(`/messages?conversation=${conversation.id}`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        toast({
          title: t('toast.loginRequiredTitle'),
          description: t('toast.loginToStartText'),
          variant: 'destructive',
        });
        redirectToLogin();
      } else if (error instanceof ApiError && error.code === 'SELF_CONVERSATION') {
        toast({ title: t('toast.selfTitle'), description: t('toast.selfText'), variant: 'destructive' });
      } else {
        toast({ title: t('toast.startFailedTitle'), description: t('toast.startFailedText'), variant: 'destructive' });
      }
    },
  });

  const { mutate } = mutation;
  const isSelf = useCallback((participantId: string | null | undefined) => !!user && user.id === participantId, [user]);

  const startConversation = useCallback(
    (participantId: string) => {
      if (!user) {
        toast({
          title: t('toast.loginRequiredTitle'),
          description: t('toast.loginRequiredText'),
          variant: 'destructive',
        });
        redirectToLogin();
        return;
      }
      if (user.id === participantId) {
        toast({ title: t('toast.selfTitle'), description: t('toast.selfText'), variant: 'destructive' });
        return;
      }
      mutate(participantId);
    },
    [user, t, mutate],
  );

  return {
    startConversation,
    isPending: mutation.isPending,
    /** The participant id of the call in flight, to show a spinner on that one button. */
    pendingId: mutation.isPending ? (mutation.variables ?? null) : null,
    isSelf,
  };
}
