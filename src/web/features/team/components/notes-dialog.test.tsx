// @vitest-environment happy-dom
/**
 * The notes dialog reads a lead's notes a page at a time: the first page shows with a button for
 * newer notes, which asks the server for the next page with its cursor and adds it below.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LeadNote, TeamLead } from '../../../../core/schemas/team';
import { renderPage, sent, serveApi } from '../../../../../tests/helpers/render-web';
import { NotesDialog } from './notes-dialog';

const brokerageId = '11111111-1111-4111-8111-111111111111';
const lead = {
  id: '22222222-2222-4222-8222-222222222222',
  inquirerName: 'Visitor One',
  cardName: 'Sara Card',
} as TeamLead;
const notesPath = `/api/brokerages/${brokerageId}/leads/${lead.id}/notes`;
const noteNo = (n: number): LeadNote => ({
  id: `note-${n}`,
  body: `Note number ${n}`,
  author: { id: 'author', name: 'Omar Owner' },
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
});

describe('the lead notes dialog', () => {
  it('shows the first page of notes and loads the newer ones with the cursor', async () => {
    const cursor = '1767225600000000_33333333-3333-4333-8333-333333333333';
    serveApi((r) => {
      if (r.path !== notesPath) return undefined;
      return r.query.get('cursor') === cursor
        ? { body: { notes: [noteNo(3)], nextCursor: null } }
        : { body: { notes: [noteNo(1), noteNo(2)], nextCursor: cursor } };
    });
    await renderPage(<NotesDialog brokerageId={brokerageId} lead={lead} onClose={() => {}} />, {
      namespaces: ['team'],
    });
    expect(await screen.findByText('Note number 2')).toBeTruthy();
    expect(screen.queryByText('Note number 3')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show newer notes' }));
    expect(await screen.findByText('Note number 3')).toBeTruthy();
    expect(sent.filter((r) => r.path === notesPath).map((r) => r.query.get('cursor'))).toEqual([null, cursor]);
    const list = screen.getByRole('list', { name: 'Notes, oldest first' });
    expect([...list.querySelectorAll('li p:first-child')].map((p) => p.textContent)).toEqual([
      'Note number 1',
      'Note number 2',
      'Note number 3',
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show newer notes' })).toBeNull());
  });
});
