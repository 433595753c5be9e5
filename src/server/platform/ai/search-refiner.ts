/**
 * Optional AI refinement of the smart search. When an OpenAI-compatible endpoint is
 * configured, the model is shown the query and what the offline parser read, and may fill
 * filters the parser left empty. It can never change or remove a filter the parser read, its
 * answer is validated like any request, and any failure or slow answer keeps the parser's result.
 */
import OpenAI from 'openai';
import type { SearchFilters } from '../../../core/search/parse';
import { searchFiltersSchema } from '../../../core/schemas/search';

export interface SearchRefiner {
  /** The parser's filters with additions, or null when nothing was added. `client` keys budgets. */
  refine(query: string, parsed: SearchFilters, client?: string): Promise<SearchFilters | null>;
}

/** The search box should stay quick: the model gets at most this long. */
const REFINE_TIMEOUT_MS = 4000;

const SYSTEM_PROMPT = [
  'You read search requests for a UAE real estate networking product and return search filters.',
  'Answer with ONE JSON object and nothing else, using only these optional keys:',
  'role (broker | banking_broker | developer | investor), language (english | arabic | hindi | tamil | urdu | french | spanish | chinese | russian | german),',
  'city (Dubai | Abu Dhabi | Sharjah | Ajman | Ras Al Khaimah | Fujairah | Umm Al Quwain), area (a neighbourhood name in English),',
  'propertyType (apartment | villa | townhouse | penthouse | studio | office | retail), bedrooms (integer),',
  'status (for_sale | for_rent), minPrice and maxPrice (integers in AED).',
  'Only include what the request clearly says. The request may be in English or Arabic.',
].join(' ');

export function createSearchRefiner(ai: {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}): SearchRefiner {
  const client = new OpenAI({
    baseURL: ai.baseUrl,
    apiKey: ai.apiKey,
    timeout: Math.min(ai.timeoutMs, REFINE_TIMEOUT_MS),
    maxRetries: 0,
  });
  return {
    async refine(query, parsed) {
      try {
        const completion = await client.chat.completions.create({
          model: ai.model,
          temperature: 0,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: `Request: ${query}\nAlready understood: ${JSON.stringify(parsed)}` },
          ],
        });
        const content = completion.choices[0]?.message?.content ?? '';
        const start = content.indexOf('{');
        const end = content.lastIndexOf('}');
        if (start < 0 || end <= start) return null;
        const answer = searchFiltersSchema.safeParse(JSON.parse(content.slice(start, end + 1)));
        if (!answer.success) return null;
        const merged: SearchFilters = { ...parsed };
        let added = false;
        for (const [key, value] of Object.entries(answer.data) as [keyof SearchFilters, never][]) {
          // Refine, never replace: only keys the parser left empty, and never the free text.
          if (key === 'text' || value === undefined || merged[key] !== undefined) continue;
          merged[key] = value;
          added = true;
        }
        return added ? merged : null;
      } catch {
        return null;
      }
    },
  };
}
