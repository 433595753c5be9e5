/**
 * Counts one view of the public card page with where the visitor came from (`?src=`: qr,
 * directory, search, a share channel), and counts contact clicks on the page. The
 * server ignores the owner's own views and repeats by the same visitor.
 */
import { useEffect, useRef } from 'react';
import type { CardSource } from '../../../../core/analytics';
import { apiRequest } from '../../../lib/api';
import { trackCardPage } from '../card-beacon';

export function useRecordView(cardId: string | undefined, enabled: boolean, source: CardSource) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!cardId || !enabled || sent.current === cardId) return;
    sent.current = cardId;
    apiRequest('POST', `/api/business-cards/${cardId}/view`, { src: source }).catch(() => {
      // Analytics never get in the visitor's way.
    });
  }, [cardId, enabled, source]);
  useEffect(() => {
    if (!cardId || !enabled) return;
    return trackCardPage(document, cardId, source);
  }, [cardId, enabled, source]);
}
