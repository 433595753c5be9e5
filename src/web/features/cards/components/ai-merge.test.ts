import { describe, expect, it } from 'vitest';
import type { AiGenerateResponse } from '../../../../core/schemas/card';
import { mergeAiContent } from './ai-merge';

const arabic: AiGenerateResponse = {
  profession: 'مستشارة عقارية',
  description: 'خبرة تسع سنوات في دبي مارينا.',
  salesPitch: 'أساعدك في إيجاد منزلك.',
  valueProposition: 'معرفة محلية عميقة.',
  suggestedCompany: 'مارينا هومز',
  language: 'ar',
  source: 'composer',
};

describe('mergeAiContent', () => {
  it('never overwrites a title the user typed; fills only the empty fields', () => {
    const { next, previous } = mergeAiContent(
      { profession: 'Senior Property Consultant', professionalBio: '', salesPitch: '  ', company: 'Marina Homes' },
      arabic,
      false,
    );
    expect(next.profession).toBeUndefined();
    expect(next.company).toBeUndefined();
    expect(next.professionalBio).toBe(arabic.description);
    expect(next.salesPitch).toBe(arabic.salesPitch);
    expect(next.valueProposition).toBe(arabic.valueProposition);
    expect(previous).toEqual({ professionalBio: '', salesPitch: '  ', valueProposition: '' });
  });

  it('rewrites typed text only when asked, and keeps what it replaced for undo', () => {
    const { next, previous } = mergeAiContent(
      { profession: 'Senior Property Consultant', company: 'Marina Homes' },
      arabic,
      true,
    );
    expect(next.profession).toBe(arabic.profession);
    expect(previous.profession).toBe('Senior Property Consultant');
    // The company is a fact, not prose: the AI never replaces a typed one.
    expect(next.company).toBeUndefined();
  });
});
