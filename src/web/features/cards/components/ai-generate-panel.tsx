import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFESSIONAL_ROLES, type ProfessionalRole } from '../../../../core/enums';
import type { AiGenerateRequest } from '../../../../core/schemas/card';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { useGenerateContent } from '../api/use-generate-content';
import type { CardForm } from './card-form-sections';

const blank = <T,>(v: T | '' | null | undefined): T | undefined => (v === '' || v === null ? undefined : v);

/**
 * The AI-generate button (spec §5, §8; issue 3): sends the card's facts and fills profession,
 * bio, sales pitch and value proposition (and the company when one is suggested and none given).
 */
export function AiGeneratePanel({ form, role }: { form: CardForm; role: string | undefined }) {
  const { t, i18n } = useTranslation('cards');
  const [language, setLanguage] = useState<'en' | 'ar'>(i18n.language === 'ar' ? 'ar' : 'en');
  const generate = useGenerateContent();
  const onUnauthorized = useHandleUnauthorized();

  const run = () => {
    const v = form.getValues();
    const name = v.name?.trim();
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
      company: blank(v.company?.trim()),
      language,
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
        form.setValue('profession', out.profession, opts);
        form.setValue('professionalBio', out.description, opts);
        if (out.salesPitch) form.setValue('salesPitch', out.salesPitch, opts);
        if (out.valueProposition) form.setValue('valueProposition', out.valueProposition, opts);
        if (out.suggestedCompany && !v.company?.trim()) form.setValue('company', out.suggestedCompany, opts);
        form.setValue('aiGenerated', true, { shouldDirty: true });
        toast({ title: t('ai.successTitle'), description: t('ai.successText') });
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
      <Button type="button" variant="gold" onClick={run} disabled={generate.isPending}>
        <Sparkles className="h-4 w-4" aria-hidden="true" />
        {generate.isPending ? t('ai.generating') : t('ai.button')}
      </Button>
    </div>
  );
}
