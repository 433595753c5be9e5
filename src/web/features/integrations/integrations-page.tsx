/**
 * Settings → Integrations: webhook endpoints (health, delivery log, test events) and the HubSpot
 * connection. A brokerage's owner or manager switches between their own and the brokerage's.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessDenied } from '../../components/access-denied';
import { PageSpinner } from '../../components/ui/feedback';
import { useAuth } from '../../lib/use-auth';
import { useMyBrokerage } from '../../lib/use-my-brokerage';
import type { Scope } from './api';
import { HubspotSection } from './hubspot-section';
import { SettingsNav } from './settings-nav';
import { WebhooksSection } from './webhooks-section';

export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const { user, isLoading } = useAuth();
  const brokerage = useMyBrokerage(!!user);
  const [scope, setScope] = useState<Scope>('me');
  if (isLoading) return <PageSpinner />;
  if (!user) return <AccessDenied text={t('signIn')} />;
  const managed =
    brokerage.data && (brokerage.data.role === 'owner' || brokerage.data.role === 'manager') ? brokerage.data : null;

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
      <p className="mt-1 text-slate-600">{t('intro')}</p>
      <SettingsNav />
      {managed && (
        <fieldset className="mt-6 rounded-2xl border border-slate-200 bg-white p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t('scope.legend')}</legend>
          <div className="flex flex-wrap gap-4">
            {(['me', 'brokerage'] as const).map((s) => (
              <label key={s} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="integrations-scope"
                  value={s}
                  checked={scope === s}
                  onChange={() => setScope(s)}
                  className="h-5 w-5 accent-brand-700"
                />
                {s === 'me' ? t('scope.me') : <bdi>{t('scope.brokerage', { name: managed.brokerage.name })}</bdi>}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <WebhooksSection key={`webhooks-${scope}`} scope={scope} />
      <HubspotSection key={`hubspot-${scope}`} scope={scope} />
    </div>
  );
}
