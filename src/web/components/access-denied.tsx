import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { loginPathFor } from '../../core/safe-next';
import { Button } from './ui/button';
import { Card, CardContent } from './ui/card';

/** Shown to signed-out visitors on pages that need a session (Messages). */
export function AccessDenied({ title, text }: { title?: string; text?: string }) {
  const { t } = useTranslation();
  const here = useLocation();
  return (
    <div className="mx-auto flex max-w-md items-center px-4 py-16">
      <Card className="w-full text-center">
        <CardContent className="space-y-4 p-8">
          <Lock className="mx-auto h-10 w-10 text-brand-600" aria-hidden="true" />
          <h1 className="text-xl font-semibold">{title ?? t('accessDenied.title')}</h1>
          <p className="text-sm text-slate-600">{text ?? t('accessDenied.text')}</p>
          <Button asChild>
            <a href={loginPathFor(`${here.pathname}${here.search}${here.hash}`)}>{t('nav.login')}</a>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
