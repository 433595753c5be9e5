/** Profile → Settings: the way to the integrations page (webhooks, HubSpot). */
import { ChevronRight, Plug } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent } from '../../components/ui/card';

export function IntegrationsLink() {
  const { t } = useTranslation('account');
  return (
    <Card>
      <CardContent className="p-0">
        <Link
          to="/settings/integrations"
          className="flex min-h-14 items-center gap-3 rounded-xl px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <Plug className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
          <span className="flex-1">
            <span className="block font-semibold text-slate-900">{t('integrationsLink.title')}</span>
            <span className="block text-sm text-slate-600">{t('integrationsLink.text')}</span>
          </span>
          <ChevronRight className="h-5 w-5 shrink-0 text-slate-400 rtl-flip" aria-hidden="true" />
        </Link>
      </CardContent>
    </Card>
  );
}
