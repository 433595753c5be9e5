/**
 * The cached conversation list's shape and its pure helpers, shared by the messaging
 * feature and the Message button (lib/use-start-conversation.ts) that other features show.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { ConversationView } from '../../core/schemas/messaging';

export type ConversationPages = InfiniteData<ConversationView[], string | null>;

/** All loaded conversations in list order, each once (a conversation moved up may repeat). */
export function flattenConversations(data: ConversationPages | undefined): ConversationView[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: ConversationView[] = [];
  for (const c of data.pages.flat()) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    out.push(c);
  }
  return out;
}

/** Puts the conversation first on the first page, removing its older copy. */
export function withConversationFirst(
  data: ConversationPages | undefined,
  conversation: ConversationView,
): ConversationPages | undefined {
  if (!data) return data;
  const pages = data.pages.map((p) => p.filter((c) => c.id !== conversation.id));
  const [first = [], ...rest] = pages;
  return { ...data, pages: [[conversation, ...first], ...rest] };
}
