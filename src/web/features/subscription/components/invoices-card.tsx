import { Download, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '../../../../core/schemas/subscription';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/feedback';

const localeOf = (lang: string) => (lang === 'ar' ? 'ar-AE' : 'en-GB');

/** "AED 100.00" in the page's language; the amount comes in fils and is only displayed here. */
function money(fils: number, currency: string, lang: string) {
  return new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency, currencyDisplay: 'code' }).format(
    fils / 100,
  );
}

/** The date an invoice was issued (YYYY-MM-DD, the UAE day), written out in the page's language. */
function day(isoDate: string, lang: string) {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString(localeOf(lang), { dateStyle: 'medium', timeZone: 'UTC' });
}

/** The user's tax invoices with a PDF download each. */
export function InvoicesCard({
  invoices,
  loading,
  failed,
}: {
  invoices: InvoiceSummary[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const { t, i18n } = useTranslation('subscription');
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  return (
    <Card data-testid="invoices">
      <CardHeader>
        <CardTitle>{t('invoices.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-2" role="status" aria-label={t('invoices.loading')}>
            <Skeleton className="h-12 w-full" />
          </div>
        ) : failed ? (
          <p className="text-sm text-red-700" role="alert">
            {t('invoices.failed')}
          </p>
        ) : !invoices?.length ? (
          <p className="text-sm text-slate-600">{t('invoices.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {invoices.map((inv) => (
              <li
                key={inv.id}
                className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
                data-testid="invoice-row"
              >
                <div className="flex min-w-0 items-start gap-3">
                  <FileText className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="font-medium whitespace-nowrap text-slate-900">
                      <bdi dir="ltr">{inv.number}</bdi>
                    </p>
                    <p className="text-sm text-slate-600">
                      {day(inv.issueDate, lang)} · <bdi dir="ltr">{money(inv.totalFils, inv.currency, lang)}</bdi>
                    </p>
                  </div>
                </div>
                <Button asChild variant="outline" className="min-h-11 self-start sm:self-auto">
                  <a href={`${inv.pdfUrl}?lang=${lang}`} download={`${inv.number}.pdf`}>
                    <Download className="h-4 w-4" aria-hidden="true" />
                    {t('invoices.download')}
                    <span className="sr-only"> {t('invoices.downloadOf', { number: inv.number })}</span>
                  </a>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
