/** HubSpot: connect with a private-app token, test it, disconnect, and what has been synced. */
import { ExternalLink } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HubspotStatus } from '../../../core/schemas/hubspot';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/feedback';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { type Scope, useHubspot, useHubspotMutations, useHubspotSyncs } from './api';
import { formatNumber, formatWhen } from './format';

export function HubspotSection({ scope }: { scope: Scope }) {
  const { t } = useTranslation('integrations');
  const status = useHubspot(scope);
  const headingId = useId();
  const s = status.data;
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-2xl bg-white p-4 ring-1 ring-slate-200 md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {t('hubspot.title')}
        </h2>
        {s && (
          <Badge variant={s.connected ? 'success' : 'secondary'}>
            {s.connected ? t('hubspot.connected') : t('hubspot.notConnected')}
          </Badge>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">{t('hubspot.intro')}</p>
      {status.isLoading || !s ? (
        <Spinner label={t('loading')} />
      ) : s.connected ? (
        <>
          <ConnectionDetails scope={scope} status={s} />
          <SyncList scope={scope} />
          <details className="mt-6 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <summary className="min-h-11 cursor-pointer content-center font-medium text-slate-900">
              {t('hubspot.replace')}
            </summary>
            <TokenForm scope={scope} replacing />
          </details>
        </>
      ) : (
        <TokenForm scope={scope} />
      )}
    </section>
  );
}

function TokenForm({ scope, replacing = false }: { scope: Scope; replacing?: boolean }) {
  const { t, i18n } = useTranslation('integrations');
  const { connect } = useHubspotMutations(scope);
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!token.trim()) {
      setError(t('hubspot.tokenRequired'));
      return;
    }
    setError(undefined);
    connect.mutate(token.trim(), {
      onSuccess: () => {
        setToken('');
        toast({ title: t('hubspot.connectedToast') });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400)
          setError(i18n.language === 'en' ? (err.fieldErrors.token ?? err.serverMessage) : t('hubspot.refused'));
        else setError(err instanceof ApiError && i18n.language === 'en' ? err.serverMessage : t('hubspot.unreachable'));
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <Field label={t('hubspot.token')} required error={error} hint={t('hubspot.tokenHint')}>
        <Input
          type="password"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          placeholder="pat-na1-…"
        />
      </Field>
      <Button type="submit" size="primary" disabled={connect.isPending}>
        {connect.isPending ? t('hubspot.checking') : replacing ? t('hubspot.replaceButton') : t('hubspot.connect')}
      </Button>
    </form>
  );
}

function ConnectionDetails({ scope, status }: { scope: Scope; status: HubspotStatus }) {
  const { t, i18n } = useTranslation('integrations');
  const { test, disconnect } = useHubspotMutations(scope);
  const [result, setResult] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const runTest = () => {
    setResult(null);
    test.mutate(undefined, {
      onSuccess: (r) =>
        setResult(
          r.ok
            ? t('hubspot.testOk', { portal: r.portalId ?? '' })
            : i18n.language === 'en'
              ? t('hubspot.testFailedWith', { error: r.error ?? '' })
              : t('hubspot.testFailed'),
        ),
      onError: () => setResult(t('hubspot.unreachable')),
    });
  };
  return (
    <div className="mt-4">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">{t('hubspot.account')}</dt>
        <dd className="text-slate-900">
          <bdi dir="ltr">
            {status.portalId}
            {status.uiDomain ? ` · ${status.uiDomain}` : ''}
          </bdi>
        </dd>
        <dt className="font-medium text-slate-700">{t('hubspot.connectedAt')}</dt>
        <dd className="text-slate-900">{formatWhen(status.connectedAt, i18n.language)}</dd>
        <dt className="font-medium text-slate-700">{t('hubspot.lastSync')}</dt>
        <dd className="text-slate-900">
          {status.lastSyncAt
            ? `${formatWhen(status.lastSyncAt, i18n.language)} · ${t(`status.${status.lastSyncStatus ?? 'pending'}`)}`
            : t('hubspot.neverSynced')}
        </dd>
        <dt className="font-medium text-slate-700">{t('hubspot.failedItems')}</dt>
        <dd className="text-slate-900">{formatNumber(status.failedItems, i18n.language)}</dd>
        {status.lastError && (
          <>
            <dt className="font-medium text-slate-700">{t('hubspot.lastError')}</dt>
            <dd className="text-red-700" dir="auto">
              {status.lastError}
            </dd>
          </>
        )}
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" onClick={runTest} disabled={test.isPending}>
          {t('hubspot.test')}
        </Button>
        {confirming ? (
          <span
            className="inline-flex flex-wrap items-center gap-2"
            role="group"
            aria-label={t('hubspot.confirmDisconnect')}
          >
            <span className="text-sm text-slate-800">{t('hubspot.confirmDisconnect')}</span>
            <Button
              type="button"
              variant="destructive"
              onClick={() =>
                disconnect.mutate(undefined, { onSuccess: () => toast({ title: t('hubspot.disconnected') }) })
              }
            >
              {t('hubspot.disconnect')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
          </span>
        ) : (
          <Button type="button" variant="ghost" onClick={() => setConfirming(true)}>
            {t('hubspot.disconnect')}
          </Button>
        )}
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-800">
        {result}
      </p>
    </div>
  );
}

function SyncList({ scope }: { scope: Scope }) {
  const { t, i18n } = useTranslation('integrations');
  const syncs = useHubspotSyncs(scope, true);
  const headingId = useId();
  const items = syncs.data?.items ?? [];
  return (
    <div className="mt-6">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t('hubspot.syncs')}
      </h3>
      {syncs.isLoading ? (
        <Spinner label={t('loading')} />
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('hubspot.noSyncs')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-labelledby={headingId}>
          {items.map((s) => (
            <li key={`${s.itemKind}-${s.itemId}`} className="flex flex-wrap items-start justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  <bdi>{s.label ?? t('hubspot.unnamed')}</bdi>{' '}
                  <span className="text-xs font-normal text-slate-500">{t(`hubspot.kind.${s.itemKind}`)}</span>
                </p>
                <p className="text-xs text-slate-600">
                  {formatWhen(s.updatedAt, i18n.language)}
                  {s.state === 'failed' && s.nextAttemptAt
                    ? ` · ${t('hubspot.nextAttempt', { when: formatWhen(s.nextAttemptAt, i18n.language) })}`
                    : ''}
                </p>
                {s.error && (
                  <p className="mt-1 text-xs text-red-700" dir="auto">
                    {s.error}
                  </p>
                )}
              </div>
              <div className="flex items-center gap-2">
                <Badge variant={s.state === 'synced' ? 'success' : s.state === 'failed' ? 'destructive' : 'secondary'}>
                  {t(`status.${s.state}`)}
                </Badge>
                {s.url && (
                  <a
                    href={s.url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="inline-flex min-h-11 items-center gap-1 text-sm text-brand-700 hover:underline"
                  >
                    {t('hubspot.open')}
                    <span className="sr-only">
                      {' '}
                      {t('hubspot.openFor', { name: s.label ?? '' })} {t('newTab')}
                    </span>
                    <ExternalLink className="h-4 w-4 rtl-flip" aria-hidden="true" />
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
