/** GET /api/business-cards/{id}/signature: the e-mail signature HTML of a published card. */
import { useQuery } from '@tanstack/react-query';
import type { SignatureDesign, SignatureLang } from '../../../../core/schemas/signature';
import { apiRequest } from '../../../lib/api';

export const signatureUrl = (id: string, design: SignatureDesign, lang: SignatureLang) =>
  `/api/business-cards/${encodeURIComponent(id)}/signature?design=${design}&lang=${lang}`;

export function useSignature(id: string, design: SignatureDesign, lang: SignatureLang) {
  return useQuery({
    queryKey: ['/api/business-cards', id, 'signature', design, lang],
    queryFn: async () => (await apiRequest('GET', signatureUrl(id, design, lang))).text(),
  });
}
