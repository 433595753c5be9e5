/** "Save to my contacts" on someone's card: their owner joins the signed-in user's contact book. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '../../core/schemas/contacts';
import { apiJson } from './api';

export function useSaveCardToContacts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) =>
      apiJson<Contact>('POST', `/api/business-cards/${encodeURIComponent(cardId)}/save-contact`),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/api/contacts'] }),
  });
}
