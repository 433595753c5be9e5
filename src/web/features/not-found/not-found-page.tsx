import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      <Compass className="h-14 w-14 text-brand-600" aria-hidden="true" />
      <p className="mt-4 text-6xl font-bold text-brand-800">404</p>
      <h1 className="mt-2 text-2xl font-semibold">{t('notFound.title')}</h1>
      <p className="mt-2 text-slate-600">{t('notFound.text')}</p>
      <Button asChild className="mt-6">
        <Link to="/">{t('notFound.home')}</Link>
      </Button>
    </div>
  );
}
