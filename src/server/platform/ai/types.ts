/** The card-content writer behind POST /api/ai/generate-card-content. */
import type { AiGenerateRequest } from '../../../core/schemas/card';

export type CardContentRequest = AiGenerateRequest & { language: 'en' | 'ar' };

export interface CardContent {
  profession: string;
  description: string;
  suggestedCompany?: string;
  salesPitch?: string;
  valueProposition?: string;
}

export interface CardContentProvider {
  readonly source: 'ai' | 'composer';
  generate(request: CardContentRequest): Promise<CardContent>;
}
