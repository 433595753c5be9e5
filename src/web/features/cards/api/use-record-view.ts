/**
 * Counts one view of the public card page, marking visits that came from the QR code (?src=qr).
 * The server ignores the owner's own views and repeats by the same visitor.
 */
import { useEffect, useRef } from 'react';
import { apiRequest } from '../../../lib/api';

export function useRecordView(cardId: string | undefined, enabled: boolean, fromQr: boolean) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!cardId || !enabled || sent.current === cardId) return;
    sent.current = cardId;
    apiRequest('POST', `/api/business-cards/${cardId}/view`, { src: fromQr ? 'qr' : 'link' }).catch(() => {
      // Analytics never get in the visitor's way.
    });
  }, [cardId, enabled, fromQr]);
}
