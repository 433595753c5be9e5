import { Check, Copy } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DELAYS } from '../../../../core/limits';
import {
  SIGNATURE_DESIGNS,
  SIGNATURE_LANGS,
  type SignatureDesign,
  type SignatureLang,
} from '../../../../core/schemas/signature';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/feedback';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/utils';
import { useSignature } from '../api/use-signature';
import { copyHtml } from '../copy-html';

const LANG_NAMES: Record<SignatureLang, string> = { en: 'English', ar: 'العربية' };

/** A row of choices as radio buttons styled as segments (keyboard: arrows within the group). */
function Choice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  label,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (v: T) => void;
  label: (v: T) => ReactNode;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              'inline-flex min-h-9 cursor-pointer items-center rounded-lg border px-3 text-sm focus-within:ring-2 focus-within:ring-brand-500',
              option === value
                ? 'border-brand-600 bg-brand-50 font-medium text-brand-800'
                : 'border-slate-200 text-slate-700 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === value}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {label(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The signature as a mail client shows it: in a sandboxed frame, so no page style leaks in. */
function preview(html: string, lang: SignatureLang): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head><body style="margin:12px;background:#ffffff">${html}</body></html>`;
}

/**
 * "E-mail signature": choose a design and language, see it, copy it as rich text, and
 * how to paste it in Gmail and Outlook. The HTML comes from the server, which writes it for mail
 * clients (tables, inline styles, absolute images).
 */
export function SignatureDialog({
  card,
  open,
  onOpenChange,
}: {
  card: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation('cards');
  const [design, setDesign] = useState<SignatureDesign>('1');
  const [lang, setLang] = useState<SignatureLang>(i18n.language === 'ar' ? 'ar' : 'en');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const signature = useSignature(card.id, design, lang);
  const ids = useId();

  const copy = async () => {
    if (!signature.data) return;
    try {
      const plain = new DOMParser().parseFromString(signature.data, 'text/html').body.textContent ?? '';
      await copyHtml(signature.data, plain.replace(/\s+/g, ' ').trim());
      setCopied(true);
      toast({ title: t('signature.copied') });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), DELAYS.copyLabelRevert);
    } catch {
      toast({ title: t('signature.copyFailed'), variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('signature.title')} description={t('signature.description')} className="max-w-2xl">
        <div className="space-y-4" data-testid="signature-dialog">
          <div className="flex flex-wrap gap-x-6 gap-y-3">
            <Choice
              legend={t('signature.design')}
              name={`${ids}-design`}
              options={SIGNATURE_DESIGNS}
              value={design}
              onChange={setDesign}
              label={(d) => t(`signature.designs.${d}`)}
            />
            <Choice
              legend={t('signature.language')}
              name={`${ids}-lang`}
              options={SIGNATURE_LANGS}
              value={lang}
              onChange={setLang}
              label={(l) => <span lang={l}>{LANG_NAMES[l]}</span>}
            />
          </div>
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
            {signature.isPending ? (
              <Skeleton className="m-3 h-40" />
            ) : signature.isError ? (
              <p role="alert" className="p-4 text-sm text-red-700">
                {t('signature.loadFailed')}
              </p>
            ) : (
              <iframe
                title={t('signature.previewTitle', { name: card.name })}
                sandbox=""
                srcDoc={preview(signature.data, lang)}
                className="block h-48 w-full"
                data-testid="signature-preview"
              />
            )}
          </div>
          <Button onClick={copy} disabled={!signature.data} className="w-full sm:w-auto">
            {copied ? (
              <Check className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Copy className="h-4 w-4" aria-hidden="true" />
            )}
            {copied ? t('signature.copied') : t('signature.copy')}
          </Button>
          <div className="grid gap-3 text-sm text-slate-700 sm:grid-cols-2">
            {(['gmail', 'outlook'] as const).map((client) => (
              <section key={client} aria-labelledby={`${ids}-${client}`} className="rounded-lg bg-slate-50 p-3">
                <h3 id={`${ids}-${client}`} className="mb-1 font-medium text-slate-900">
                  {t(`signature.${client}.title`)}
                </h3>
                <ol className="list-decimal space-y-0.5 ps-5">
                  {(t(`signature.${client}.steps`, { returnObjects: true }) as string[]).map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
