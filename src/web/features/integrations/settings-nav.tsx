/**
 * The settings pages beside each other. A settings page adds its entry to SETTINGS_PAGES (the
 * API keys page goes after Integrations).
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/utils';

export const SETTINGS_PAGES: { to: string; labelKey: string }[] = [
  { to: '/profile?tab=settings', labelKey: 'nav.account' },
  { to: '/settings/integrations', labelKey: 'nav.integrations' },
];

export function SettingsNav() {
  const { t } = useTranslation('integrations');
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('nav.label')} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {SETTINGS_PAGES.map((p) => {
          const current = p.to.split('?')[0] === pathname;
          return (
            <li key={p.to}>
              <Link
                to={p.to}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium ring-1',
                  current
                    ? 'bg-brand-700 text-white ring-brand-700'
                    : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                )}
              >
                {t(p.labelKey)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
