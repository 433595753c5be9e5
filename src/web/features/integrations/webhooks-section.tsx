/** Webhooks: the endpoints with their health, a form to add one, and each one's delivery log. */
import { Check, Copy, RotateCcw, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CreatedWebhook,
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../core/schemas/webhooks';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/feedback';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { type Scope, useDeliveries, useWebhookMutations, useWebhooks } from './api';
import { formatNumber, formatWhen } from './format';

export const eventKey = (type: WebhookEventType | 'test') => `events.${type.replace('.', '_')}`;

/** A server message in English as is; in Arabic the translated fallback (the server speaks English). */
function useServerText() {
  const { t, i18n } = useTranslation('integrations');
  return (err: unknown, fallbackKey: string) =>
    err instanceof ApiError ? (i18n.language === 'en' ? err.serverMessage : t(fallbackKey)) : t(fallbackKey);
}

export function WebhooksSection({ scope }: { scope: Scope }) {
  const { t } = useTranslation('integrations');
  const list = useWebhooks(scope);
  const headingId = useId();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const endpoints = list.data?.items ?? [];

  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-2xl bg-white p-4 ring-1 ring-slate-200 md:p-6">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('webhooks.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('webhooks.intro')}</p>

      {created && <SecretOnce created={created} onDone={() => setCreated(null)} />}

      <h3 className="mt-6 font-semibold text-slate-900">{t('webhooks.endpoints')}</h3>
      {list.isLoading ? (
        <Spinner label={t('loading')} />
      ) : endpoints.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('webhooks.none')}</p>
      ) : (
        <ul className="mt-3 space-y-3" aria-label={t('webhooks.endpoints')}>
          {endpoints.map((e) => (
            <EndpointItem key={e.id} scope={scope} endpoint={e} />
          ))}
        </ul>
      )}

      <CreateEndpointForm scope={scope} onCreated={setCreated} />
    </section>
  );
}

function SecretOnce({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  const { t } = useTranslation('integrations');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
    } catch {
      toast({ title: t('webhooks.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <div role="status" className="mt-4 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300">
      <p className="font-semibold text-amber-900">{t('webhooks.secretTitle')}</p>
      <p className="mt-1 text-sm text-amber-900">{t('webhooks.secretOnce')}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code
          dir="ltr"
          className="min-w-0 max-w-full break-all rounded-lg bg-white px-3 py-2 font-mono text-sm text-slate-900 ring-1 ring-amber-200"
          data-testid="webhook-secret"
        >
          {created.secret}
        </code>
        <Button type="button" variant="outline" onClick={copy} aria-label={t('webhooks.copySecret')}>
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copied ? t('webhooks.copied') : t('webhooks.copy')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('webhooks.secretDone')}
        </Button>
      </div>
    </div>
  );
}

function CreateEndpointForm({ scope, onCreated }: { scope: Scope; onCreated: (c: CreatedWebhook) => void }) {
  const { t } = useTranslation('integrations');
  const serverText = useServerText();
  const { create } = useWebhookMutations(scope);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['lead.created']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const eventsErrorId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) next.url = t('webhooks.urlInvalid');
    if (events.length === 0) next.events = t('webhooks.eventsRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (made) => {
          setUrl('');
          onCreated(made);
          toast({ title: t('webhooks.added') });
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.fieldErrors : {};
          if (fields.url) setErrors({ url: serverText(err, 'webhooks.urlRefused') });
          else if (fields.events) setErrors({ events: t('webhooks.eventsRequired') });
          else toast({ title: serverText(err, 'webhooks.addFailed'), variant: 'destructive' });
        },
      },
    );
  };
  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((list) => (on ? [...list, type] : list.filter((x) => x !== type)));

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <h3 className="font-semibold text-slate-900">{t('webhooks.add')}</h3>
      <Field label={t('webhooks.url')} required error={errors.url} hint={t('webhooks.urlHint')}>
        <Input
          type="url"
          inputMode="url"
          dir="ltr"
          autoComplete="off"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/bitaqa"
        />
      </Field>
      <fieldset aria-describedby={errors.events ? eventsErrorId : undefined}>
        <legend className="text-sm font-medium text-slate-700">{t('webhooks.events')}</legend>
        <div className="mt-2 grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                className="h-5 w-5 shrink-0 accent-brand-700"
                checked={events.includes(type)}
                onChange={(e) => toggle(type, e.target.checked)}
              />
              <span>
                {t(eventKey(type))}{' '}
                <code dir="ltr" className="text-xs text-slate-500">
                  {type}
                </code>
              </span>
            </label>
          ))}
        </div>
        {errors.events && (
          <p id={eventsErrorId} role="alert" className="mt-1 text-xs font-medium text-red-600">
            {errors.events}
          </p>
        )}
      </fieldset>
      <Button type="submit" size="primary" disabled={create.isPending}>
        {t('webhooks.addButton')}
      </Button>
    </form>
  );
}

function HealthBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation('integrations');
  if (endpoint.disabledAt) return <Badge variant="destructive">{t('webhooks.health.disabled')}</Badge>;
  if (!endpoint.lastDeliveryStatus) return <Badge variant="secondary">{t('webhooks.health.none')}</Badge>;
  if (endpoint.lastDeliveryStatus === 'delivered' && endpoint.consecutiveFailures === 0)
    return <Badge variant="success">{t('webhooks.health.ok')}</Badge>;
  return (
    <Badge variant="gold">
      {t('webhooks.health.failing', {
        count: endpoint.consecutiveFailures,
        n: formatNumber(endpoint.consecutiveFailures, i18n.language),
      })}
    </Badge>
  );
}

function EndpointItem({ scope, endpoint }: { scope: Scope; endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation('integrations');
  const { remove, enable, test } = useWebhookMutations(scope);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const logId = useId();
  const sendTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: () => {
        setOpen(true);
        toast({ title: t('webhooks.testSent') });
      },
      onError: () => toast({ title: t('webhooks.testFailed'), variant: 'destructive' }),
    });

  return (
    <li className="rounded-xl p-4 ring-1 ring-slate-200" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-all font-mono text-sm text-slate-900" dir="ltr">
          {endpoint.url}
        </p>
        <HealthBadge endpoint={endpoint} />
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {endpoint.events.map((e) => t(eventKey(e))).join(t('listSeparator'))}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600">
        <dt>{t('webhooks.lastDelivery')}</dt>
        <dd>
          {endpoint.lastDeliveryAt
            ? `${formatWhen(endpoint.lastDeliveryAt, i18n.language)} · ${t(`status.${endpoint.lastDeliveryStatus ?? 'pending'}`)}`
            : '—'}
        </dd>
        <dt>{t('webhooks.failuresInRow')}</dt>
        <dd>{formatNumber(endpoint.consecutiveFailures, i18n.language)}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={sendTest} disabled={test.isPending}>
          <Send className="h-4 w-4 rtl-flip" aria-hidden="true" />
          {t('webhooks.sendTest')}
        </Button>
        <Button
          type="button"
          variant="outline"
          aria-expanded={open}
          aria-controls={logId}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? t('webhooks.hideLog') : t('webhooks.showLog')}
        </Button>
        {endpoint.disabledAt && (
          <Button type="button" variant="outline" onClick={() => enable.mutate(endpoint.id)}>
            {t('webhooks.enable')}
          </Button>
        )}
        {confirming ? (
          <span
            className="inline-flex flex-wrap items-center gap-2"
            role="group"
            aria-label={t('webhooks.confirmDelete')}
          >
            <span className="text-sm text-slate-800">{t('webhooks.confirmDelete')}</span>
            <Button
              type="button"
              variant="destructive"
              onClick={() => remove.mutate(endpoint.id, { onSuccess: () => toast({ title: t('webhooks.deleted') }) })}
            >
              {t('webhooks.delete')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
          </span>
        ) : (
          <Button type="button" variant="ghost" onClick={() => setConfirming(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {t('webhooks.delete')}
          </Button>
        )}
      </div>
      <div id={logId} hidden={!open}>
        {open && <DeliveryLog scope={scope} endpointId={endpoint.id} />}
      </div>
    </li>
  );
}

function DeliveryLog({ scope, endpointId }: { scope: Scope; endpointId: string }) {
  const { t, i18n } = useTranslation('integrations');
  const log = useDeliveries(scope, endpointId, true);
  const { retry } = useWebhookMutations(scope);
  const captionId = useId();
  if (log.isLoading) return <Spinner label={t('loading')} />;
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0) return <p className="mt-3 text-sm text-slate-600">{t('webhooks.noDeliveries')}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard
    <div className="relative mt-3 overflow-x-auto" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="w-full min-w-[36rem] whitespace-nowrap text-start text-sm">
        <caption id={captionId} className="mb-2 text-start font-semibold text-slate-900">
          {t('webhooks.log')}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-600">
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('webhooks.col.event')}
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('webhooks.col.status')}
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('webhooks.col.attempts')}
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('webhooks.col.code')}
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('webhooks.col.time')}
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('webhooks.col.when')}
            </th>
            <th scope="col" className="py-2 text-start font-medium">
              <span className="sr-only">{t('webhooks.col.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((d) => (
            <tr key={d.id} className="border-b border-slate-100 align-top" data-testid="webhook-delivery">
              <td className="py-2 pe-3">{t(eventKey(d.eventType))}</td>
              <td className="py-2 pe-3">
                <Badge
                  variant={d.status === 'delivered' ? 'success' : d.status === 'failed' ? 'destructive' : 'secondary'}
                >
                  {t(`status.${d.status}`)}
                </Badge>
                {d.lastError && (
                  <span className="mt-1 block max-w-xs whitespace-normal text-xs text-red-700" dir="auto">
                    {d.lastError}
                  </span>
                )}
              </td>
              <td className="py-2 pe-3">{formatNumber(d.attempts, i18n.language)}</td>
              <td className="py-2 pe-3">
                <bdi>{d.responseCode ?? '—'}</bdi>
              </td>
              <td className="py-2 pe-3">
                {d.responseTimeMs === null
                  ? '—'
                  : t('webhooks.ms', { n: formatNumber(d.responseTimeMs, i18n.language) })}
              </td>
              <td className="py-2 pe-3">{formatWhen(d.deliveredAt ?? d.createdAt, i18n.language)}</td>
              <td className="py-2">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    retry.mutate(
                      { id: endpointId, deliveryId: d.id },
                      { onSuccess: () => toast({ title: t('webhooks.retried') }) },
                    )
                  }
                >
                  <RotateCcw className="h-4 w-4" aria-hidden="true" />
                  {t('webhooks.retry')}
                  <span className="sr-only">
                    {' '}
                    {t(eventKey(d.eventType))} {formatWhen(d.createdAt, i18n.language)}
                  </span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {log.hasNextPage && (
        <Button
          type="button"
          variant="outline"
          className="mt-3"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {t('webhooks.older')}
        </Button>
      )}
    </div>
  );
}
