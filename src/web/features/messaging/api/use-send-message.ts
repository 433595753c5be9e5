/** POST /api/messages (spec §7): then the thread and the conversation list refresh. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageView, SendMessageInput } from '../../../../core/schemas/messaging';
import { apiJson } from '../../../lib/api';
import { CONVERSATIONS_KEY, messagesKey } from './keys';
import { type MessagePages, withMessage } from './use-messages';

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) => apiJson<MessageView>('POST', '/api/messages', input),
    onSuccess: (message) => {
      queryClient.setQueryData<MessagePages>(messagesKey(message.conversationId), (d) => withMessage(d, message));
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
    },
  });
}
