/**
 * /admin/registers: the regulator's registers. Import a register file and read its report, work
 * through the numbers the register did not confirm, and see the latest imports.
 */
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminGate } from './components/admin-gate';
import { RegisterHistory } from './components/register-history';
import { RegisterImport } from './components/register-import';
import { RegisterReview } from './components/register-review';

export function RegistersPage() {
  const { t } = useTranslation('admin-center');
  return (
    <AdminGate>
      <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
        <header className="space-y-2">
          <Link
            to="/admin"
            className="inline-flex min-h-8 items-center gap-1 text-sm text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
            {t('registers.back')}
          </Link>
          <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t('registers.title')}</h1>
          <p className="text-slate-600">{t('registers.subtitle')}</p>
        </header>
        <RegisterImport />
        <RegisterReview />
        <RegisterHistory />
      </div>
    </AdminGate>
  );
}
