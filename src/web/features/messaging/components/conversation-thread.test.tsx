// @vitest-environment happy-dom
/**
 * The conversation thread: the messages the server has are shown in
 * order with who wrote them; sending posts the text and the new message appears at the end.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConversationView, MessageView, Participant } from '../../../../core/schemas/messaging';
import { renderPage, sent, serveApi } from '../../../../../tests/helpers/render-web';
import { ConversationThread } from './conversation-thread';

const me: Participant = {
  id: 'a0000000-0000-4000-8000-000000000001',
  firstName: 'Layla',
  lastName: 'Haddad',
  role: 'real_estate_broker',
  profileImageUrl: null,
  isDeleted: false,
};
const omar: Participant = { ...me, id: 'b0000000-0000-4000-8000-000000000002', firstName: 'Omar', lastName: 'Saeed' };
const conversationId = 'c0000000-0000-4000-8000-000000000003';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 9, minute)).toISOString();

const message = (n: number, from: Participant, content: string): MessageView => ({
  id: `d0000000-0000-4000-8000-00000000000${n}`,
  conversationId,
  senderId: from.id,
  content,
  isRead: true,
  createdAt: at(n),
  updatedAt: at(n),
  sender: from,
});

const conversation: ConversationView = {
  id: conversationId,
  participant1Id: me.id,
  participant2Id: omar.id,
  participant1: me,
  participant2: omar,
  lastMessageAt: at(2),
  lastMessage: null,
  unreadCount: 0,
  createdAt: at(0),
  updatedAt: at(2),
  cursor: 'x',
};

describe('the conversation thread', () => {
  it('shows the messages in order and appends the one the user sends', async () => {
    const history = [message(1, omar, 'Is the Marina flat still free?'), message(2, me, 'Yes, viewing on Friday.')];
    serveApi(
      (r) => (r.path === `/api/conversations/${conversationId}/messages` ? { body: history } : undefined),
      (r) => (r.path === `/api/conversations/${conversationId}/read` ? { body: { marked: 0 } } : undefined),
      (r) =>
        r.method === 'POST' && r.path === '/api/messages'
          ? { status: 201, body: message(3, me, (r.body as { content: string }).content) }
          : undefined,
    );
    await renderPage(<ConversationThread conversation={conversation} meId={me.id} status="open" />, {
      namespaces: ['messaging'],
    });
    expect(await screen.findByRole('heading', { name: /Omar Saeed/ })).toBeTruthy();
    const log = () => screen.getAllByText(/Marina flat|Friday|Saturday/).map((e) => e.textContent);
    await waitFor(() => expect(log()).toEqual(['Is the Marina flat still free?', 'Yes, viewing on Friday.']));

    const box = screen.getByLabelText('Message');
    const send = screen.getByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true); // blank text cannot be sent
    fireEvent.change(box, { target: { value: 'Or Saturday at 10?' } });
    fireEvent.keyDown(box, { key: 'Enter' });

    await waitFor(() =>
      expect(log()).toEqual(['Is the Marina flat still free?', 'Yes, viewing on Friday.', 'Or Saturday at 10?']),
    );
    expect(sent.filter((r) => r.method === 'POST' && r.path === '/api/messages').map((r) => r.body)).toEqual([
      { conversationId, content: 'Or Saturday at 10?' },
    ]);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });
});
