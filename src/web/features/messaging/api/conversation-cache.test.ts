/**
 * Live events patch the cached list in place: the conversation moves to the top with
 * its new preview and count, the badge moves by one, and nothing refetches the whole list.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ConversationView, MessageView, Participant } from '../../../../core/schemas/messaging';
import { resyncDelay } from '../../../lib/live-connection';
import { RESYNC_SPREAD_MS } from '../../../../core/messaging-limits';
import { applyNewMessage, applyOwnRead } from './conversation-cache';
import { type ConversationPages, flattenConversations } from '../../../lib/conversation-list';
import { CONVERSATIONS_KEY, UNREAD_COUNT_KEY } from '../../../lib/conversation-keys';

const me = 'me';
const person = (id: string): Participant => ({
  id,
  firstName: id,
  lastName: 'X',
  role: 'investor',
  profileImageUrl: null,
  isDeleted: false,
});
const conv = (id: string, unreadCount = 0): ConversationView => ({
  id,
  participant1Id: `other-${id}`,
  participant2Id: me,
  participant1: person(`other-${id}`),
  participant2: person(me),
  lastMessageAt: null,
  lastMessage: null,
  unreadCount,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  cursor: `1_${id}`,
});
const message = (conversationId: string, senderId: string, id = 'm1'): MessageView => ({
  id,
  conversationId,
  senderId,
  content: 'Hello',
  isRead: false,
  createdAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  sender: person(senderId),
});

function cache(pages: ConversationView[][], unread: number) {
  const qc = new QueryClient();
  qc.setQueryData<ConversationPages>(CONVERSATIONS_KEY, { pages, pageParams: [null, 'x'] });
  qc.setQueryData(UNREAD_COUNT_KEY, { count: unread });
  return qc;
}

describe('conversation cache', () => {
  it('moves a conversation from a later page to the top with the message and one more unread', () => {
    const qc = cache([[conv('a'), conv('b')], [conv('c', 2)]], 2);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    applyNewMessage(qc, message('c', 'other-c'), me);
    const list = flattenConversations(qc.getQueryData(CONVERSATIONS_KEY));
    expect(list.map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(list[0]).toMatchObject({ unreadCount: 3, lastMessage: { content: 'Hello' } });
    expect(qc.getQueryData(UNREAD_COUNT_KEY)).toEqual({ count: 3 });
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('counts nothing unread for the user’s own message, and a read lowers both counts', () => {
    const qc = cache([[conv('a'), conv('b', 4)]], 4);
    applyNewMessage(qc, message('b', me), me);
    expect(flattenConversations(qc.getQueryData(CONVERSATIONS_KEY))[0]).toMatchObject({ id: 'b', unreadCount: 4 });
    expect(qc.getQueryData(UNREAD_COUNT_KEY)).toEqual({ count: 4 });
    applyOwnRead(qc, 'b', 3);
    expect(flattenConversations(qc.getQueryData(CONVERSATIONS_KEY))[0].unreadCount).toBe(1);
    expect(qc.getQueryData(UNREAD_COUNT_KEY)).toEqual({ count: 1 });
  });

  it('spreads the refetch after a server resync over the whole window', () => {
    expect(resyncDelay(() => 0)).toBe(0);
    expect(resyncDelay(() => 0.5)).toBe(RESYNC_SPREAD_MS / 2);
    expect(resyncDelay(() => 0.999)).toBeLessThan(RESYNC_SPREAD_MS);
  });
});
