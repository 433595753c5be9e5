import { ClipboardCheck, Download, FileSpreadsheet, History, RefreshCw, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { queryClient } from '../../../lib/api';
import { PENDING_APPROVALS_KEY } from '../../../lib/query-keys';
import { ADMIN_STATS_KEY, USERS_EXPORT_URL } from '../api/admin-center-keys';

const scrollTo = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/** Quick actions that do something real. */
export function QuickActions() {
  const { t } = useTranslation('admin-center');
  return (
    <section aria-labelledby="quick-title" className="space-y-3">
      <h2 id="quick-title" className="text-xl font-semibold">
        {t('quick.title')}
      </h2>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => scrollTo('review-queue')}>
          <ClipboardCheck className="h-4 w-4" aria-hidden="true" />
          {t('quick.review')}
        </Button>
        <Button variant="outline" onClick={() => scrollTo('users')}>
          <Users className="h-4 w-4" aria-hidden="true" />
          {t('quick.users')}
        </Button>
        <Button asChild variant="outline">
          <a href={USERS_EXPORT_URL} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('quick.export')}
          </a>
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin/registers">
            <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />
            {t('registers.link')}
          </Link>
        </Button>
        <Button variant="outline" onClick={() => scrollTo('audit-log')}>
          <History className="h-4 w-4" aria-hidden="true" />
          {t('quick.audit')}
        </Button>
        <Button
          variant="ghost"
          onClick={() =>
            void Promise.all(
              [ADMIN_STATS_KEY, PENDING_APPROVALS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
            )
          }
        >
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          {t('quick.refresh')}
        </Button>
      </div>
    </section>
  );
}
