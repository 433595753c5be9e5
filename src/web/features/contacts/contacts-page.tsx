/**
 * My contacts: search over every field, filters by source, tag and event, sort by recent or name,
 * the follow-ups due today on top, pages loaded on demand; new, scan, import and export at hand.
 */
import { BellRing, Download, FileUp, MessageSquareText, Plus, ScanLine, Search, SearchX, Users, X } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CONTACT_SOURCES, type Contact } from '../../../core/schemas/contacts';
import { AccessDenied } from '../../components/access-denied';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageSpinner, Spinner } from '../../components/ui/feedback';
import { Input, Select } from '../../components/ui/input';
import { toQueryString } from '../../lib/api';
import { useAuth } from '../../lib/use-auth';
import { type ContactFilters, useContactFacets, useContacts } from './api';
import { ImportDialog } from './import-dialog';

export function ContactsPage() {
  const { t } = useTranslation('contacts');
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (!user) return <AccessDenied text={t('signIn')} />;
  return <ContactBook />;
}

function ContactBook() {
  const { t } = useTranslation('contacts');
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDeferredValue(text.trim());
  const filters: ContactFilters = {
    q: q || undefined,
    tag: params.get('tag') ?? undefined,
    event: params.get('event') ?? undefined,
    source: params.get('source') ?? undefined,
    sort: params.get('sort') === 'name' ? 'name' : 'recent',
  };
  const contacts = useContacts(filters);
  const facets = useContactFacets();
  const [importing, setImporting] = useState(false);
  const searchId = useId();
  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const pages = contacts.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const due = pages[0]?.due ?? [];
  const filtered = !!(filters.q || filters.tag || filters.event || filters.source);
  const active = [
    filters.q && { key: 'q', label: `“${filters.q}”` },
    filters.tag && { key: 'tag', label: `#${filters.tag}` },
    filters.event && { key: 'event', label: filters.event },
    filters.source && { key: 'source', label: t(`source.${filters.source}`) },
  ].filter((f): f is { key: string; label: string } => !!f);
  const clearAll = () => {
    setText('');
    // The sort is an order, not a filter: it stays.
    setParams(filters.sort === 'name' ? { sort: 'name' } : {}, { replace: true });
  };
  const exportQuery = toQueryString({ q: filters.q, tag: filters.tag, event: filters.event, source: filters.source });

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-slate-600">{t('subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="primary">
            <Link to="/contacts/new">
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('new')}
            </Link>
          </Button>
          <Button asChild size="primary" variant="gold">
            <Link to="/contacts/scan">
              <ScanLine className="h-4 w-4" aria-hidden="true" />
              {t('scan')}
            </Link>
          </Button>
        </div>
      </div>

      <section aria-label={t('filters.label')} className="mt-6 space-y-3">
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            {t('searchLabel')}
          </label>
          <Search
            className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setParam('q', e.target.value.trim() || null);
            }}
            placeholder={t('search')}
            className="h-11 ps-9"
          />
        </div>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <FilterSelect
            label={t('filters.tag')}
            value={filters.tag ?? ''}
            onChange={(v) => setParam('tag', v || null)}
            allLabel={t('filters.allTags')}
            options={withCurrent(facets.data?.tags, filters.tag).map((f) => ({
              value: f.value,
              label: f.count
                ? t('filters.withCount', { value: isolate(`#${f.value}`), count: f.count })
                : isolate(`#${f.value}`),
            }))}
          />
          <FilterSelect
            label={t('filters.event')}
            value={filters.event ?? ''}
            onChange={(v) => setParam('event', v || null)}
            allLabel={t('filters.allEvents')}
            options={withCurrent(facets.data?.events, filters.event).map((f) => ({
              value: f.value,
              label: f.count ? t('filters.withCount', { value: isolate(f.value), count: f.count }) : isolate(f.value),
            }))}
          />
          <FilterSelect
            label={t('source.label')}
            value={filters.source ?? ''}
            onChange={(v) => setParam('source', v || null)}
            allLabel={t('source.all')}
            options={CONTACT_SOURCES.map((s) => {
              const count = facets.data?.sources.find((f) => f.value === s)?.count;
              const label = t(`source.${s}`);
              return { value: s, label: count ? t('filters.withCount', { value: label, count }) : label };
            })}
          />
          <FilterSelect
            label={t('sort.label')}
            value={filters.sort}
            onChange={(v) => setParam('sort', v === 'name' ? 'name' : null)}
            options={[
              { value: 'recent', label: t('sort.recent') },
              { value: 'name', label: t('sort.name') },
            ]}
          />
        </div>
        {active.length > 0 && (
          <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="active-filters">
            <span className="text-slate-600">{t('filters.active')}</span>
            {active.map((f) => (
              <button
                key={f.key}
                type="button"
                onClick={() => {
                  if (f.key === 'q') setText('');
                  setParam(f.key, null);
                }}
                aria-label={t('filters.remove', { filter: f.label })}
                className="inline-flex min-h-8 max-w-full items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-slate-800 ring-1 ring-slate-200 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              >
                <bdi className="truncate">{f.label}</bdi>
                <X className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
              </button>
            ))}
            <Button variant="link" size="sm" onClick={clearAll}>
              {t('filters.clearAll')}
            </Button>
          </div>
        )}
      </section>

      <div className="mt-3 flex flex-wrap gap-2 text-sm">
        <Button variant="outline" size="sm" onClick={() => setImporting(true)}>
          <FileUp className="h-4 w-4" aria-hidden="true" />
          {t('import.label')}
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={`/api/contacts/export.vcf${exportQuery}`} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('export.vcf')}
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={`/api/contacts/export.csv${exportQuery}`} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('export.csv')}
          </a>
        </Button>
        <Button asChild variant="ghost" size="sm">
          <Link to="/contacts/templates">
            <MessageSquareText className="h-4 w-4" aria-hidden="true" />
            {t('templates')}
          </Link>
        </Button>
      </div>

      {contacts.isLoading ? (
        <div className="py-16 text-center">
          <Spinner />
        </div>
      ) : (
        <>
          {due.length > 0 && (
            <section aria-labelledby="due-title" className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-4">
              <h2 id="due-title" className="flex items-center gap-2 font-semibold text-amber-900">
                <BellRing className="h-5 w-5" aria-hidden="true" />
                {t('due.title')} · {t('due.count', { count: due.length })}
              </h2>
              <ul className="mt-3 divide-y divide-amber-200">
                {due.map((c) => (
                  <ContactRow key={c.id} contact={c} showFollowUp />
                ))}
              </ul>
            </section>
          )}
          {items.length === 0 ? (
            <div
              className="mt-10 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center"
              data-testid="contacts-empty"
            >
              {filtered ? (
                <SearchX className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
              ) : (
                <Users className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
              )}
              <h2 className="mt-3 text-lg font-semibold text-slate-900">
                {filtered ? t('empty.filtered') : t('empty.title')}
              </h2>
              <p className="mx-auto mt-2 max-w-md text-slate-600">
                {filtered ? t('empty.filteredBody') : t('empty.body')}
              </p>
              {filtered && (
                <Button variant="outline" className="mt-4" onClick={clearAll}>
                  {t('filters.clearAll')}
                </Button>
              )}
            </div>
          ) : (
            <ul
              className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
              data-testid="contacts-list"
            >
              {items.map((c) => (
                <ContactRow key={c.id} contact={c} />
              ))}
            </ul>
          )}
          {contacts.hasNextPage && (
            <div className="mt-4 text-center">
              <Button
                variant="outline"
                onClick={() => void contacts.fetchNextPage()}
                disabled={contacts.isFetchingNextPage}
              >
                {contacts.isFetchingNextPage ? <Spinner /> : t('loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </div>
  );
}

/**
 * A tag or event inside an option's text, set apart from the page's direction (an option holds no
 * <bdi>): "#investor" stays "#investor" in an Arabic list instead of "investor#".
 */
const isolate = (value: string) => `\u2068${value}\u2069`;

/** A facet list with the value in the address kept as a choice, even when the book no longer has it. */
function withCurrent<T extends string>(list: { value: T; count: number }[] | undefined, current: string | undefined) {
  const out: { value: string; count: number }[] = [...(list ?? [])];
  if (current && !out.some((f) => f.value === current)) out.unshift({ value: current, count: 0 });
  return out;
}

function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  allLabel?: string;
}) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-11 w-full min-w-0 truncate"
        options={allLabel ? [{ value: '', label: allLabel }, ...options] : options}
      />
    </div>
  );
}

function ContactRow({ contact, showFollowUp }: { contact: Contact; showFollowUp?: boolean }) {
  const { t, i18n } = useTranslation('contacts');
  const name = i18n.language === 'ar' && contact.nameAr ? contact.nameAr : contact.name;
  const line = [contact.title, contact.company].filter(Boolean).join(' · ');
  return (
    <li>
      <Link
        to={`/contacts/${contact.id}`}
        className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50"
        data-testid="contact-row"
      >
        <Avatar src={contact.photoUrl} name={contact.name} className="h-11 w-11 shrink-0" />
        <span className="min-w-0 flex-1">
          {/* Each line takes its own text's direction, so a long English line in the Arabic page is
              cut at its end with an ellipsis (not at its start), yet keeps to the page's reading edge. */}
          <span dir="auto" className="block truncate font-medium text-slate-900 rtl:text-right">
            {name}
          </span>
          {line && (
            <span dir="auto" className="block truncate text-sm text-slate-600 rtl:text-right">
              {line}
            </span>
          )}
          {showFollowUp && contact.followUpNote && (
            <span dir="auto" className="block truncate text-sm text-amber-900 rtl:text-right">
              {contact.followUpNote}
            </span>
          )}
        </span>
        <span className="hidden shrink-0 flex-wrap justify-end gap-1 sm:flex">
          {contact.tags.slice(0, 3).map((tag) => (
            <Badge key={tag} variant="secondary">
              #{tag}
            </Badge>
          ))}
        </span>
        <Badge variant="outline" className="shrink-0">
          {t(`source.${contact.source}`)}
        </Badge>
      </Link>
    </li>
  );
}
