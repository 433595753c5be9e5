import { describe, expect, it } from 'vitest';
import type { AiGenerateResponse } from '../../../../core/schemas/card';
import { mergeAiContent, mergeAiContentIn } from './ai-merge';

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

  it('writes the missing Arabic side of an English card, never touching the English or a typed Arabic title', () => {
    const values = {
      profession: 'Senior Property Consultant',
      professionalBio: 'Nine years in Dubai Marina.',
      salesPitch: '',
      translations: { ar: { profession: 'مستشارة أولى', professionalBio: '', salesPitch: '' } },
    };
    const { next, previous } = mergeAiContentIn(values, arabic, false, 'ar', 'en');
    expect(next).toEqual({
      'translations.ar.professionalBio': arabic.description,
      'translations.ar.salesPitch': arabic.salesPitch,
      'translations.ar.valueProposition': arabic.valueProposition,
      'translations.ar.company': arabic.suggestedCompany,
    });
    expect(previous).toEqual({
      'translations.ar.professionalBio': '',
      'translations.ar.salesPitch': '',
      'translations.ar.valueProposition': '',
      'translations.ar.company': '',
    });
    // Asked to rewrite: the Arabic title is replaced (with undo), the English side still untouched.
    const again = mergeAiContentIn(values, arabic, true, 'ar', 'en');
    expect(again.next['translations.ar.profession']).toBe(arabic.profession);
    expect(again.previous['translations.ar.profession']).toBe('مستشارة أولى');
    expect(Object.keys(again.next).every((k) => k.startsWith('translations.ar.'))).toBe(true);
  });

  it('writes into the card’s own fields when the language asked is the card’s main one', () => {
    const { next } = mergeAiContentIn({ profession: 'وسيطة', professionalBio: '' }, arabic, false, 'ar', 'ar');
    expect(next).toMatchObject({ professionalBio: arabic.description });
    expect(next.profession).toBeUndefined();
  });
});
