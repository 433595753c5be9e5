/** AI card content (POST /api/ai/generate-card-content). */
import { useMutation } from '@tanstack/react-query';
import type { AiGenerateRequest, AiGenerateResponse } from '../../../../core/schemas/card';
import { apiJson } from '../../../lib/api';

export function useGenerateContent() {
  return useMutation({
    mutationFn: (request: AiGenerateRequest) =>
      apiJson<AiGenerateResponse>('POST', '/api/ai/generate-card-content', request),
  });
}
