/**
 * Settings → API keys: make a key with its permissions and an optional last day, see its secret
 * once (with a copy button), list the live keys with when each was last used, revoke one.
 * Owners and managers of a brokerage may also make brokerage keys, which read the team's leads.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, Copy, KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  API_KEY_LIMITS,
  API_SCOPES,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyCreateInput,
  type ApiKeyList,
  type ApiScope,
} from '../../../core/schemas/api-keys';
import { AccessDenied } from '../../components/access-denied';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/feedback';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { ApiError, apiJson, apiRequest } from '../../lib/api';
import { useAuth } from '../../lib/use-auth';

const KEYS = ['/api/api-keys'] as const;

/** Scope ids hold a colon, which i18next reads as a namespace separator: the texts are keyed without it. */
const scopeKey = (s: ApiScope) => s.replace(':', '_');

export function ApiKeysPage() {
  const { t, i18n } = useTranslation('api-keys');
  const { user, isLoading } = useAuth();
  const client = useQueryClient();
  const keys = useQuery({
    queryKey: KEYS,
    queryFn: () => apiJson<ApiKeyList>('GET', '/api/api-keys'),
    enabled: !!user,
    staleTime: 0,
  });
  const create = useMutation({
    mutationFn: (input: ApiKeyCreateInput) => apiJson<ApiKeyCreated>('POST', '/api/api-keys', input),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/api-keys/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });

  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiresOn, setExpiresOn] = useState('');
  const [kind, setKind] = useState<'personal' | 'brokerage'>('personal');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  if (isLoading || (user && keys.isLoading)) return <PageSpinner />;
  if (!user) return <AccessDenied text={t('signIn')} />;
  const list = keys.data?.items ?? [];
  const brokerage = keys.data?.manageableBrokerage ?? null;
  const locale = i18n.language === 'ar' ? 'ar-AE' : 'en-GB';
  const date = (iso: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((now) => (on ? [...new Set([...now, scope])] : now.filter((s) => s !== scope)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = t('errors.name');
    if (!scopes.length) problems.scopes = t('errors.scopes');
    setErrors(problems);
    if (Object.keys(problems).length) return;
    create.mutate(
      {
        name: name.trim(),
        scopes: API_SCOPES.filter((s) => scopes.includes(s)),
        expiresOn: expiresOn || null,
        brokerageId: kind === 'brokerage' && brokerage ? brokerage.id : null,
      },
      {
        onSuccess: (key) => {
          setCreated(key);
          setName('');
          setScopes([]);
          setExpiresOn('');
          setKind('personal');
        },
        onError: (err) => {
          if (err instanceof ApiError && Object.keys(err.fieldErrors).length) setErrors(err.fieldErrors);
          else
            toast({ title: err instanceof ApiError ? err.serverMessage : t('errors.generic'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:py-10">
      <Link to="/profile" className="inline-flex min-h-11 items-center gap-2 text-sm text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4 rtl-flip" aria-hidden="true" />
        {t('back')}
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{t('title')}</h1>
      <p className="mt-1 text-slate-600">{t('intro')}</p>
      <p className="mt-1 text-sm">
        <a href="/docs/api/" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
          {t('docsLink')}
        </a>
      </p>

      {created && <CreatedKey created={created} onDone={() => setCreated(null)} />}

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>
            <h2>{t('create.title')}</h2>
          </CardTitle>
          <CardDescription>{t('create.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="space-y-5" noValidate>
            <Field label={t('create.name')} hint={t('create.nameHint')} required error={errors.name}>
              <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={API_KEY_LIMITS.nameMax} />
            </Field>
            {brokerage && (
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium text-slate-700">{t('create.kind')}</legend>
                <label className="flex min-h-11 items-center gap-3 text-sm">
                  <input
                    type="radio"
                    name="kind"
                    className="h-5 w-5 accent-brand-700"
                    checked={kind === 'personal'}
                    onChange={() => setKind('personal')}
                  />
                  {t('create.personal')}
                </label>
                <label className="flex min-h-11 items-center gap-3 text-sm">
                  <input
                    type="radio"
                    name="kind"
                    className="h-5 w-5 accent-brand-700"
                    checked={kind === 'brokerage'}
                    onChange={() => setKind('brokerage')}
                  />
                  <span>
                    {t('create.brokerage')} <bdi>{brokerage.name}</bdi>
                  </span>
                </label>
              </fieldset>
            )}
            <fieldset
              className="space-y-1"
              aria-describedby={errors.scopes ? 'scopes-error' : undefined}
              aria-invalid={errors.scopes ? true : undefined}
            >
              <legend className="text-sm font-medium text-slate-700">
                {t('create.scopes')}
                <span className="ms-0.5 text-red-600" aria-hidden="true">
                  *
                </span>
              </legend>
              {API_SCOPES.map((scope) => (
                <label key={scope} className="flex min-h-11 items-center gap-3 text-sm">
                  <input
                    type="checkbox"
                    className="h-5 w-5 shrink-0 accent-brand-700"
                    checked={scopes.includes(scope)}
                    onChange={(e) => toggle(scope, e.target.checked)}
                  />
                  <span>
                    <span className="font-medium text-slate-900">{t(`scopes.${scopeKey(scope)}.label`)}</span>{' '}
                    <code className="text-xs text-slate-500" dir="ltr">
                      {scope}
                    </code>
                    <span className="block text-xs text-slate-600">{t(`scopes.${scopeKey(scope)}.hint`)}</span>
                  </span>
                </label>
              ))}
              {errors.scopes && (
                <p id="scopes-error" role="alert" className="text-xs font-medium text-red-600">
                  {errors.scopes}
                </p>
              )}
            </fieldset>
            <Field label={t('create.expiresOn')} hint={t('create.expiresHint')} error={errors.expiresOn}>
              <Input type="date" value={expiresOn} min={tomorrow} onChange={(e) => setExpiresOn(e.target.value)} />
            </Field>
            <Button type="submit" size="primary" disabled={create.isPending}>
              {t('create.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>

      <h2 className="mt-8 font-semibold text-slate-900">{t('list.title')}</h2>
      {list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('list.none')}</p>
      ) : (
        <ul className="mt-3 space-y-3" aria-label={t('list.title')}>
          {list.map((key) => (
            <KeyItem
              key={key.id}
              apiKey={key}
              date={date}
              revoking={revoke.isPending && revoke.variables === key.id}
              onRevoke={() =>
                revoke.mutate(key.id, {
                  onSuccess: () => toast({ title: t('list.revoked') }),
                  onError: (err) =>
                    toast({
                      title: err instanceof ApiError ? err.serverMessage : t('errors.generic'),
                      variant: 'destructive',
                    }),
                })
              }
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function CreatedKey({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const { t } = useTranslation('api-keys');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
    } catch {
      toast({ title: t('created.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <section
      className="mt-6 rounded-2xl bg-emerald-50 p-4 ring-1 ring-emerald-200"
      aria-labelledby="created-key-title"
      data-testid="created-key"
    >
      <h2 id="created-key-title" className="flex items-center gap-2 font-semibold text-emerald-900">
        <KeyRound className="h-4 w-4" aria-hidden="true" />
        {t('created.title')}
      </h2>
      <p className="mt-1 text-sm text-emerald-900">{t('created.once')}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor="created-secret" className="sr-only">
          {t('created.secretLabel')}
        </label>
        <Input
          id="created-secret"
          readOnly
          value={created.secret}
          dir="ltr"
          className="min-w-0 flex-1 font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copied ? t('created.copied') : t('created.copy')}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? t('created.copied') : ''}
      </p>
      <Button type="button" className="mt-3" onClick={onDone}>
        {t('created.done')}
      </Button>
    </section>
  );
}

function KeyItem({
  apiKey,
  date,
  revoking,
  onRevoke,
}: {
  apiKey: ApiKey;
  date: (iso: string) => string;
  revoking: boolean;
  onRevoke: () => void;
}) {
  const { t } = useTranslation('api-keys');
  const [confirming, setConfirming] = useState(false);
  const expired = apiKey.expiresAt !== null && new Date(apiKey.expiresAt) <= new Date();
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="api-key">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            <bdi>{apiKey.name}</bdi>{' '}
            <code className="text-xs text-slate-500" dir="ltr">
              {apiKey.prefix}…
            </code>
          </p>
          <div className="mt-1 flex flex-wrap gap-1">
            {apiKey.brokerage && (
              <Badge>
                {t('list.brokerageKey')} <bdi>{apiKey.brokerage.name}</bdi>
              </Badge>
            )}
            {expired && <Badge variant="destructive">{t('list.expired')}</Badge>}
            {apiKey.scopes.map((s) => (
              <Badge key={s} variant="secondary">
                {t(`scopes.${scopeKey(s)}.label`)}
              </Badge>
            ))}
          </div>
          <p className="mt-2 text-xs text-slate-600">
            {t('list.created', { date: date(apiKey.createdAt) })} ·{' '}
            {apiKey.lastUsedAt ? t('list.lastUsed', { date: date(apiKey.lastUsedAt) }) : t('list.neverUsed')} ·{' '}
            {apiKey.expiresAt ? t('list.expires', { date: date(apiKey.expiresAt) }) : t('list.noExpiry')}
          </p>
        </div>
        {confirming ? (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-slate-700">{t('list.confirm')}</span>
            <Button type="button" variant="destructive" size="sm" disabled={revoking} onClick={onRevoke}>
              {t('list.revokeConfirm')}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              {t('list.cancel')}
            </Button>
          </div>
        ) : (
          <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
            {t('list.revoke')}
            <span className="sr-only">
              {' '}
              <bdi>{apiKey.name}</bdi>
            </span>
          </Button>
        )}
      </div>
    </li>
  );
}
