/**
 * Card-content generation with a safety net: the configured OpenAI-compatible endpoint when
 * there is one, and the built-in composer when there is none or when it fails, times out or
 * answers something unusable.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AiGenerateRequest, AiGenerateResponse } from '../../../core/schemas/card';
import type { Config } from '../../config';
import { createComposer } from './composer';
import { createOpenAiProvider } from './openai-provider';
import type { CardContentProvider } from './types';

export interface CardWriter {
  generate(request: AiGenerateRequest, log: FastifyBaseLogger): Promise<AiGenerateResponse>;
}

export function createCardWriter(
  config: Pick<Config, 'ai'>,
  providers: { primary?: CardContentProvider; fallback?: CardContentProvider } = {},
): CardWriter {
  const fallback = providers.fallback ?? createComposer();
  const primary = providers.primary ?? (config.ai ? createOpenAiProvider(config.ai) : undefined);
  return {
    async generate(input, log) {
      const request = { ...input, language: input.language ?? 'en' };
      if (primary) {
        try {
          return { ...(await primary.generate(request)), language: request.language, source: primary.source };
        } catch (err) {
          log.warn(
            { err: err instanceof Error ? err.message : String(err) },
            'AI provider failed; using the built-in composer',
          );
        }
      }
      return { ...(await fallback.generate(request)), language: request.language, source: fallback.source };
    },
  };
}
