/**
 * POST /api/conversations/{id}/read {upTo}: marks the other side's messages read up to
 * the newest one the thread actually shows, so a message arriving meanwhile stays unread.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { applyOwnRead } from './conversation-cache';
import { messagesKey } from '../../../lib/conversation-keys';
import type { MessagePages } from './use-messages';

export function useMarkRead(meId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, upTo }: { conversationId: string; upTo: string }) =>
      apiJson<{ marked: number }>('POST', `/api/conversations/${conversationId}/read`, { upTo }),
    onSuccess: ({ marked }, { conversationId, upTo }) => {
      applyOwnRead(queryClient, conversationId, marked);
      // The shown messages up to `upTo` are read now.
      queryClient.setQueryData<MessagePages>(messagesKey(conversationId), (d) => {
        if (!d) return d;
        const all = [...d.pages].reverse().flat();
        const until = all.findIndex((m) => m.id === upTo);
        if (until < 0) return d;
        const read = new Set(
          all
            .slice(0, until + 1)
            .filter((m) => m.senderId !== meId)
            .map((m) => m.id),
        );
        return { ...d, pages: d.pages.map((p) => p.map((m) => (read.has(m.id) ? { ...m, isRead: true } : m))) };
      });
    },
  });
}
