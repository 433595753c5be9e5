/**
 * /admin, the admin control center. A simple vertical stack of sections:
 * each feature adds its own section component here with one line.
 */
import { useTranslation } from 'react-i18next';
import { AdminCenterSections } from './components/admin-center-sections';
import { AdminGate } from './components/admin-gate';

export function AdminPage() {
  const { t } = useTranslation('cards');
  return (
    <AdminGate>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <header>
          <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t('admin.title')}</h1>
          <p className="mt-1 text-slate-600">{t('admin.subtitle')}</p>
        </header>
        <AdminCenterSections />
      </div>
    </AdminGate>
  );
}
