/** POST /api/messages: the thread shows it and its conversation moves to the top. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageView, SendMessageInput } from '../../../../core/schemas/messaging';
import { apiJson } from '../../../lib/api';
import { applyNewMessage } from './conversation-cache';
import { messagesKey } from '../../../lib/conversation-keys';
import { type MessagePages, withMessage } from './use-messages';

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) => apiJson<MessageView>('POST', '/api/messages', input),
    onSuccess: (message) => {
      const cached = queryClient.getQueryData<MessagePages>(messagesKey(message.conversationId));
      const already = cached?.pages.some((p) => p.some((m) => m.id === message.id));
      queryClient.setQueryData<MessagePages>(messagesKey(message.conversationId), (d) => withMessage(d, message));
      // The socket may have brought it first and moved the conversation already.
      if (!already) applyNewMessage(queryClient, message, message.senderId);
    },
  });
}
