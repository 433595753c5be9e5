/** WhatsApp message templates: the built-in ones in both languages, and the user's own. */
import { ArrowLeft, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONTACT_LIMITS, type MessageTemplate } from '../../../core/schemas/contacts';
import { AccessDenied } from '../../components/access-denied';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/feedback';
import { Field } from '../../components/ui/field';
import { Input, Select, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/use-auth';
import { useTemplateMutations, useTemplates } from './api';

export function TemplatesPage() {
  const { t, i18n } = useTranslation('contacts');
  const { user, isLoading } = useAuth();
  const templates = useTemplates();
  const { create, remove } = useTemplateMutations();
  const [name, setName] = useState('');
  const [lang, setLang] = useState<'en' | 'ar'>(i18n.language === 'ar' ? 'ar' : 'en');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (isLoading || (user && templates.isLoading)) return <PageSpinner />;
  if (!user) return <AccessDenied text={t('signIn')} />;
  const all = templates.data ?? [];
  const builtIn = all.filter((x) => x.builtIn);
  const own = all.filter((x) => !x.builtIn);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    create.mutate(
      { name, lang, body },
      {
        onSuccess: () => {
          toast({ title: t('templatesPage.added') });
          setName('');
          setBody('');
        },
        onError: (err) => err instanceof ApiError && setErrors(err.fieldErrors),
      },
    );
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:py-10">
      <Link to="/contacts" className="inline-flex min-h-11 items-center gap-2 text-sm text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4 rtl-flip" aria-hidden="true" />
        {t('back')}
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{t('templatesPage.title')}</h1>
      <p className="mt-1 text-slate-600" dir="auto">
        {t('templatesPage.intro')}
      </p>

      <h2 className="mt-8 font-semibold text-slate-900">{t('templatesPage.yours')}</h2>
      {own.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('templatesPage.none')}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {own.map((x) => (
            <TemplateItem key={x.id} template={x} onDelete={() => remove.mutate(x.id)} />
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-4 space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200" noValidate>
        <div className="grid gap-4 md:grid-cols-[1fr_auto]">
          <Field label={t('templatesPage.name')} required error={errors.name}>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
          </Field>
          <Field label={t('templatesPage.lang')}>
            <Select
              value={lang}
              onChange={(e) => setLang(e.target.value === 'ar' ? 'ar' : 'en')}
              className="h-10"
              options={[
                { value: 'en', label: 'English' },
                { value: 'ar', label: 'العربية' },
              ]}
            />
          </Field>
        </div>
        <Field label={t('templatesPage.body')} required error={errors.body}>
          <Textarea
            value={body}
            onChange={(e) => setBody(e.target.value)}
            maxLength={CONTACT_LIMITS.templateBodyMax}
            dir={lang === 'ar' ? 'rtl' : 'ltr'}
          />
        </Field>
        <Button type="submit" size="primary" disabled={create.isPending}>
          {t('templatesPage.add')}
        </Button>
      </form>

      <h2 className="mt-8 font-semibold text-slate-900">{t('templatesPage.builtIn')}</h2>
      <ul className="mt-3 space-y-3">
        {builtIn.map((x) => (
          <TemplateItem key={x.id} template={x} />
        ))}
      </ul>
    </div>
  );
}

function TemplateItem({ template, onDelete }: { template: MessageTemplate; onDelete?: () => void }) {
  const { t } = useTranslation('contacts');
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-2">
        <p className="font-medium text-slate-900">
          <bdi>{template.name}</bdi> <Badge variant="secondary">{template.lang === 'ar' ? 'العربية' : 'English'}</Badge>
        </p>
        {onDelete && (
          <Button variant="ghost" size="icon" aria-label={t('templatesPage.delete')} onClick={onDelete}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        )}
      </div>
      <p
        className="mt-2 whitespace-pre-line text-sm text-slate-700"
        dir={template.lang === 'ar' ? 'rtl' : 'ltr'}
        lang={template.lang}
      >
        {template.body}
      </p>
    </li>
  );
}
