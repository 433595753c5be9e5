import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';

/** Card Not Found with a Go to Home button. */
export function CardNotFound({ text }: { text?: string }) {
  const { t } = useTranslation('cards');
  return (
    <div className="mx-auto flex max-w-md items-center px-4 py-16">
      <Card className="w-full text-center">
        <CardContent className="space-y-4 p-8">
          <SearchX className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          <h1 className="text-xl font-semibold">{t('notFound.title')}</h1>
          <p className="text-sm text-slate-600">{text ?? t('notFound.text')}</p>
          <Button asChild>
            <Link to="/">{t('notFound.home')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
