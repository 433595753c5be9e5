/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Azure, Ollama, vLLM, LM Studio…)
 * through the official client. The answer must be a JSON object of card fields; anything else
 * throws, and the caller falls back to the composer.
 */
import OpenAI from 'openai';
import { z } from 'zod';
import { LIMITS } from '../../../core/limits';
import { enumLabel } from './labels';
import type { CardContent, CardContentProvider, CardContentRequest } from './types';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

const text = (max: number) => z.string().trim().min(1).max(max);
const answerSchema = z.object({
  profession: text(LIMITS.shortTextMax),
  description: text(LIMITS.longTextMax),
  suggestedCompany: text(LIMITS.shortTextMax).optional().catch(undefined),
  salesPitch: text(LIMITS.longTextMax).optional().catch(undefined),
  valueProposition: text(LIMITS.longTextMax).optional().catch(undefined),
});

const SYSTEM_PROMPT = [
  'You write the text of digital business cards for real estate, banking, development and investment professionals in the UAE.',
  'Write in a confident, professional, specific voice; use only the facts given; never invent licence numbers, awards, sales figures or prices.',
  'Answer with ONE JSON object and nothing else, with the string fields:',
  '"profession" (a job title, at most 8 words), "description" (a third-person bio of 3 to 5 sentences),',
  '"salesPitch" (one or two sentences addressed to clients), "valueProposition" (one sentence),',
  'and "suggestedCompany" only when no company is given but one follows from the facts (for example the bank).',
].join(' ');

/** The facts the model may use, with readable labels instead of enum values. */
export function describeRequest(req: CardContentRequest): string {
  const lang = 'en';
  const lines = [
    `Language of the answer: ${req.language === 'ar' ? 'Arabic (Modern Standard Arabic)' : 'English'}`,
    `Name: ${req.name}`,
    `Role: ${enumLabel(lang, 'role', req.role)}`,
  ];
  const add = (label: string, value: string | undefined | null) => {
    if (value) lines.push(`${label}: ${value}`);
  };
  add('Gender', req.gender ? enumLabel(lang, 'gender', req.gender) : undefined);
  add('Company', req.company);
  if (req.roleTitle) {
    const group = req.role === 'banking_broker' ? 'loanSpecialization' : 'brokerSpecialization';
    add('Specialization', enumLabel(lang, group, req.roleTitle));
  }
  add('Bank', req.bankName ? enumLabel(lang, 'bank', req.bankName) : undefined);
  add('Project types', req.propertySpecialization?.map((v) => enumLabel(lang, 'developerProjectType', v)).join(', '));
  add('Emirate', req.emirate ? enumLabel(lang, 'emirate', req.emirate) : undefined);
  add('Area', req.area);
  add('Languages spoken', req.languages?.map((v) => enumLabel(lang, 'language', v)).join(', '));
  add('Years of experience', req.yearsOfExperience != null ? String(req.yearsOfExperience) : undefined);
  add(
    'Investment budget',
    req.investmentBudgetRange ? enumLabel(lang, 'investorBudget', req.investmentBudgetRange) : undefined,
  );
  add('Investment interests', req.investmentInterests?.map((v) => enumLabel(lang, 'investmentInterest', v)).join(', '));
  const source = req.sourceText;
  if (source && source.language !== req.language) {
    // The card's other side: translate it faithfully instead of writing new claims.
    const from = source.language === 'ar' ? 'Arabic' : 'English';
    lines.push(
      `The card already has this text in ${from}. Translate it faithfully into the answer's language for the matching fields (keep the job title's meaning; add nothing):`,
    );
    add('Profession', source.profession);
    add('Bio', source.professionalBio);
    add('Sales pitch', source.salesPitch);
    add('Value proposition', source.valueProposition);
  }
  return lines.join('\n');
}

/** Takes the JSON object out of a reply that may wrap it in a code fence or a sentence. */
export function parseAnswer(content: string | null | undefined): CardContent {
  if (!content) throw new Error('empty AI answer');
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) throw new Error('AI answer holds no JSON object');
  const { profession, description, suggestedCompany, salesPitch, valueProposition } = answerSchema.parse(
    JSON.parse(content.slice(start, end + 1)),
  );
  return {
    profession,
    description,
    ...(suggestedCompany ? { suggestedCompany } : {}),
    ...(salesPitch ? { salesPitch } : {}),
    ...(valueProposition ? { valueProposition } : {}),
  };
}

export function createOpenAiProvider(opts: OpenAiOptions): CardContentProvider {
  const client = new OpenAI({
    baseURL: opts.baseUrl,
    apiKey: opts.apiKey,
    timeout: opts.timeoutMs,
    // A user waits on this request; the composer is the retry.
    maxRetries: 0,
  });
  return {
    source: 'ai',
    async generate(request) {
      const completion = await client.chat.completions.create(
        {
          model: opts.model,
          temperature: 0.8,
          max_tokens: 900,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: describeRequest(request) },
          ],
        },
        { signal: AbortSignal.timeout(opts.timeoutMs) },
      );
      return parseAnswer(completion.choices?.[0]?.message?.content);
    },
  };
}
