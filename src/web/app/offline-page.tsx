/** What works without a network, for a visitor who lands on a page that needs one. */
import { IdCard, QrCode, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';

export function OfflinePage() {
  const { t } = useTranslation('app');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-12 text-center">
      <WifiOff className="h-10 w-10 text-slate-400" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">{t('offline.title')}</h1>
      <p className="text-slate-600">{t('offline.body')}</p>
      <ul className="w-full space-y-2 text-start">
        <li className="flex items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200">
          <QrCode className="h-5 w-5 text-brand-700" aria-hidden="true" />
          {t('offline.myQr')}
        </li>
        <li className="flex items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200">
          <IdCard className="h-5 w-5 text-brand-700" aria-hidden="true" />
          {t('offline.cards')}
        </li>
      </ul>
      <Button asChild>
        <Link to="/my-qr">{t('offline.openQr')}</Link>
      </Button>
    </div>
  );
}
