import { Sparkles, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFESSIONAL_ROLES, type ProfessionalRole } from '../../../../core/enums';
import type { AiGenerateRequest } from '../../../../core/schemas/card';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { useGenerateContent } from '../api/use-generate-content';
import { AI_FIELDS, columnValues, mergeAiContentIn } from './ai-merge';
import type { CardForm } from './card-form-sections';
import type { CardFormValues } from './card-form-values';
import type { FieldPath } from 'react-hook-form';
import { usePrimaryLanguage } from './bilingual-fields';

const blank = <T,>(v: T | '' | null | undefined): T | undefined => (v === '' || v === null ? undefined : v);

type Lang = 'en' | 'ar';
type FormValuesWithText = Parameters<typeof columnValues>[0];

/** How many of the AI's fields a language's column has filled. */
const filledCount = (values: FormValuesWithText, lang: Lang, primary: Lang) =>
  AI_FIELDS.filter((f) => columnValues(values, lang, primary)[f]?.trim()).length;

/**
 * The AI-generate button: sends the card's facts and fills the profession, bio, sales pitch,
 * value proposition and company the user left empty, in the language chosen — by default the
 * card's language with less text, so a card written in English gets its Arabic side, translated
 * from the English where the AI can. Typed text is replaced only when asked, with an undo.
 */
export function AiGeneratePanel({ form, role }: { form: CardForm; role: string | undefined }) {
  const { t, i18n } = useTranslation('cards');
  const primary = usePrimaryLanguage(form);
  const [language, setLanguage] = useState<Lang>(() => {
    const values = form.getValues() as FormValuesWithText;
    const other: Lang = primary === 'ar' ? 'en' : 'ar';
    const own = filledCount(values, primary, primary);
    const theirs = filledCount(values, other, primary);
    if (own !== theirs) return own < theirs ? primary : other;
    return i18n.language === 'ar' ? 'ar' : 'en';
  });
  const generate = useGenerateContent();
  const [rewrite, setRewrite] = useState(false);
  // What the last generation replaced, so one tap puts the user's text back.
  const [undo, setUndo] = useState<Record<string, string> | null>(null);
  const onUnauthorized = useHandleUnauthorized();

  const run = () => {
    const v = form.getValues();
    const all = v as FormValuesWithText;
    const source: Lang = language === 'ar' ? 'en' : 'ar';
    const target = columnValues(all, language, primary);
    const given = columnValues(all, source, primary);
    // The text names the person as the language asked writes the name, where the card has it.
    const name = (target as { name?: string | null }).name?.trim() || v.name?.trim();
    if (!name) {
      toast({ title: t('ai.nameTitle'), description: t('ai.nameText'), variant: 'destructive' });
      form.setFocus('name');
      return;
    }
    if (!role || !(PROFESSIONAL_ROLES as readonly string[]).includes(role)) {
      toast({ title: t('ai.roleTitle'), description: t('ai.roleText'), variant: 'destructive' });
      return;
    }
    const request: AiGenerateRequest = {
      role: role as ProfessionalRole,
      name,
      company: blank(target.company?.trim() || v.company?.trim()),
      language,
      // The other language's text, for the answer to translate rather than invent.
      sourceText: {
        language: source,
        profession: blank(given.profession?.trim()),
        professionalBio: blank(given.professionalBio?.trim()),
        salesPitch: blank(given.salesPitch?.trim()),
        valueProposition: blank(given.valueProposition?.trim()),
      },
      roleTitle: blank(v.roleTitle),
      bankName: blank(v.bankName),
      propertySpecialization: v.propertySpecialization,
      emirate: blank(v.emirate),
      area: blank(v.area?.trim()),
      languages: v.languages,
      yearsOfExperience: v.yearsOfExperience ?? undefined,
      investmentBudgetRange: blank(v.investmentBudgetRange),
      investmentInterests: v.investmentInterests,
      nationality: blank(v.nationality),
      gender: blank(v.gender),
    };
    generate.mutate(request, {
      onSuccess: (out) => {
        const opts = { shouldDirty: true, shouldValidate: true } as const;
        // Never overwrite what the user typed unless they asked to (a typed English title stays
        // when the AI writes in Arabic).
        const { next, previous } = mergeAiContentIn(
          form.getValues() as FormValuesWithText,
          out,
          rewrite,
          out.language,
          primary,
        );
        const changed = Object.keys(next);
        if (changed.length === 0) {
          toast({ title: t('ai.successTitle'), description: t('ai.nothingEmpty') });
          return;
        }
        for (const path of changed) form.setValue(path as FieldPath<CardFormValues>, next[path] ?? '', opts);
        form.setValue('aiGenerated', true, { shouldDirty: true });
        setUndo(previous);
        toast({ title: t('ai.successTitle'), description: rewrite ? t('ai.successText') : t('ai.filledText') });
      },
      onError: (error) => {
        if (onUnauthorized(error)) return;
        toast({ title: t('ai.failedTitle'), description: t('ai.failedText'), variant: 'destructive' });
      },
    });
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-gold-400/60 bg-amber-50 p-4 sm:flex-row sm:items-center">
      <div className="flex-1 text-sm text-slate-700">
        <p className="font-medium text-slate-900">{t('ai.button')}</p>
        <p className="text-xs text-slate-600">{t('ai.hint')}</p>
      </div>
      <div className="flex items-center gap-2 text-xs text-slate-600">
        <label htmlFor="ai-language">{t('ai.language')}</label>
        <Select
          id="ai-language"
          className="h-9 w-32"
          value={language}
          onChange={(e) => setLanguage(e.target.value === 'ar' ? 'ar' : 'en')}
        >
          <option value="en">English</option>
          <option value="ar">العربية</option>
        </Select>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-xs text-slate-600">
        <input type="checkbox" checked={rewrite} onChange={(e) => setRewrite(e.target.checked)} />
        {t('ai.rewrite')}
      </label>
      {undo && (
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            for (const [path, value] of Object.entries(undo)) {
              form.setValue(path as FieldPath<CardFormValues>, value, { shouldDirty: true, shouldValidate: true });
            }
            setUndo(null);
            toast({ title: t('ai.undone') });
          }}
        >
          <Undo2 className="h-4 w-4" aria-hidden="true" />
          {t('ai.undo')}
        </Button>
      )}
      <Button type="button" variant="gold" onClick={run} disabled={generate.isPending}>
        <Sparkles className="h-4 w-4" aria-hidden="true" />
        {generate.isPending ? t('ai.generating') : t('ai.button')}
      </Button>
    </div>
  );
}
