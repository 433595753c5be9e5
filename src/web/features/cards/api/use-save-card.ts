/** Create (POST) and edit (PATCH) a card; both refresh the owner's list. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Card, CardInputParsed } from '../../../../core/schemas/card';
import { apiJson } from '../../../lib/api';
import { cardKey, MY_CARDS_KEY } from './keys';

export function useCreateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CardInputParsed) => apiJson<Card>('POST', '/api/business-cards', values),
    onSuccess: (card) => {
      queryClient.setQueryData(cardKey(card.id), card);
      void queryClient.invalidateQueries({ queryKey: MY_CARDS_KEY });
    },
  });
}

export function useUpdateCard(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Partial<CardInputParsed>) => apiJson<Card>('PATCH', `/api/business-cards/${id}`, values),
    onSuccess: (card) => {
      queryClient.setQueryData(cardKey(card.id), card);
      void queryClient.invalidateQueries({ queryKey: MY_CARDS_KEY });
    },
  });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<void>('DELETE', `/api/business-cards/${id}`),
    onSuccess: (_v, id) => {
      queryClient.removeQueries({ queryKey: cardKey(id) });
      void queryClient.invalidateQueries({ queryKey: MY_CARDS_KEY });
    },
  });
}
