/**
 * One contact: quick actions (WhatsApp with a template, call, e-mail, their card), then every field
 * editable in place. /contacts/new is the same form, empty; after saving a new contact that shares
 * a phone or e-mail with one already in the book, the page offers to merge the two.
 */
import { ArrowLeft, Mail, MessageCircle, Phone, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Contact, ContactCreateInput } from '../../../core/schemas/contacts';
import { CONTACT_LIMITS, contactCreateSchema } from '../../../core/schemas/contacts';
import { AccessDenied } from '../../components/access-denied';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/feedback';
import { Field } from '../../components/ui/field';
import { Input, Select, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { addCapture } from '../../lib/offline/outbox';
import { useAuth } from '../../lib/use-auth';
import { useZodMessage } from '../../lib/use-zod-message';
import {
  useContact,
  useContactFacets,
  useDeleteContact,
  useMergeContacts,
  useSaveContact,
  useTemplates,
  whatsappLink,
} from './api';

export function ContactPage() {
  const { t } = useTranslation('contacts');
  const { id } = useParams();
  const { user, isLoading } = useAuth();
  const isNew = !id || id === 'new';
  const contact = useContact(user && !isNew ? id : undefined);
  if (isLoading || (!isNew && user && contact.isLoading)) return <PageSpinner />;
  if (!user) return <AccessDenied text={t('signIn')} />;
  if (!isNew && (contact.error || !contact.data)) return <AccessDenied text={t('notFound')} />;
  return <ContactForm key={contact.data?.id ?? 'new'} contact={isNew ? null : (contact.data ?? null)} />;
}

const lines = (v: string) =>
  v
    .split(/\n|,/)
    .map((s) => s.trim())
    .filter(Boolean);

interface FormState {
  name: string;
  nameAr: string;
  title: string;
  company: string;
  phones: string;
  emails: string;
  website: string;
  address: string;
  brn: string;
  orn: string;
  tags: string;
  event: string;
  notes: string;
  followUpOn: string;
  followUpNote: string;
}

const stateOf = (c: Contact | null): FormState => ({
  name: c?.name ?? '',
  nameAr: c?.nameAr ?? '',
  title: c?.title ?? '',
  company: c?.company ?? '',
  phones: c?.phones.join('\n') ?? '',
  emails: c?.emails.join('\n') ?? '',
  website: c?.website ?? '',
  address: c?.address ?? '',
  brn: c?.brn ?? '',
  orn: c?.orn ?? '',
  tags: c?.tags.join(', ') ?? '',
  event: c?.event ?? '',
  notes: c?.notes ?? '',
  followUpOn: c?.followUpOn ?? '',
  followUpNote: c?.followUpNote ?? '',
});

function ContactForm({ contact }: { contact: Contact | null }) {
  const { t, i18n } = useTranslation('contacts');
  const navigate = useNavigate();
  const [form, setForm] = useState<FormState>(() => stateOf(contact));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [duplicates, setDuplicates] = useState<{ saved: Contact; others: Contact[] } | null>(null);
  const save = useSaveContact(contact?.id);
  const facets = useContactFacets();
  const eventListId = useId();
  const remove = useDeleteContact();
  const merge = useMergeContacts();
  const { user } = useAuth();
  const zodMessage = useZodMessage();
  const tApp = useTranslation('app').t;

  /** Offline: checked here as the server would, then kept on this device to be sent later. */
  const keepForLater = async (userId: string, key: string, body: Partial<ContactCreateInput>) => {
    const parsed = contactCreateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.'), zodMessage(issue.message) ?? issue.message]),
        ),
      );
      return;
    }
    await addCapture({ id: key, kind: 'contact', userId, createdAt: Date.now(), body });
    toast({ title: tApp('sync.savedOffline') });
    navigate('/contacts');
  };
  const set = (key: keyof FormState) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: Partial<ContactCreateInput> = {
      name: form.name,
      nameAr: form.nameAr || null,
      title: form.title || null,
      company: form.company || null,
      phones: lines(form.phones),
      emails: lines(form.emails),
      website: form.website || null,
      address: form.address || null,
      brn: form.brn || null,
      orn: form.orn || null,
      tags: lines(form.tags),
      event: form.event || null,
      notes: form.notes || null,
      followUpOn: form.followUpOn || null,
      followUpNote: form.followUpNote || null,
    };
    setErrors({});
    const key = contact ? undefined : crypto.randomUUID();
    if (!contact && user && !navigator.onLine) {
      void keepForLater(user.id, key as string, body);
      return;
    }
    save.mutate(
      { body, key },
      {
        onSuccess: (saved) => {
          toast({ title: t('saved') });
          const others = 'duplicates' in saved ? (saved.duplicates as Contact[]) : [];
          if (others.length) setDuplicates({ saved, others });
          else navigate(`/contacts/${saved.id}`, { replace: !contact });
        },
        onError: (err) => {
          // The answer never came (the connection dropped): the server may or may not have it, so
          // it waits on this device under the same key, which the server will not add twice.
          if (!contact && user && key && !(err instanceof ApiError)) {
            void keepForLater(user.id, key, body);
            return;
          }
          if (err instanceof ApiError) {
            setErrors(err.fieldErrors);
            if (!Object.keys(err.fieldErrors).length) toast({ title: err.serverMessage, variant: 'destructive' });
          }
        },
      },
    );
  };
  const error = (key: string) => errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1];
  const shownName = contact ? (i18n.language === 'ar' && contact.nameAr ? contact.nameAr : contact.name) : t('new');

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:py-10">
      <Link to="/contacts" className="inline-flex min-h-11 items-center gap-2 text-sm text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4 rtl-flip" aria-hidden="true" />
        {t('back')}
      </Link>
      <div className="mt-2 flex items-center gap-4">
        {contact && <Avatar src={contact.photoUrl} name={contact.name} className="h-16 w-16" />}
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold text-slate-900">
            <bdi>{shownName}</bdi>
          </h1>
          {contact && (
            <p className="text-slate-600">
              <bdi>{[contact.title, contact.company].filter(Boolean).join(' · ')}</bdi>{' '}
              <Badge variant="outline">{t(`source.${contact.source}`)}</Badge>
            </p>
          )}
        </div>
      </div>

      {duplicates && (
        <div
          role="alert"
          className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-4"
          data-testid="duplicate-offer"
        >
          <p className="font-semibold text-amber-900">{t('duplicates.title')}</p>
          <p className="text-sm text-amber-900">{t('duplicates.body', { name: duplicates.others[0].name })}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              onClick={() =>
                merge.mutate(
                  { id: duplicates.others[0].id, otherId: duplicates.saved.id },
                  {
                    onSuccess: (merged) => {
                      toast({ title: t('duplicates.merged') });
                      navigate(`/contacts/${merged.id}`, { replace: true });
                    },
                  },
                )
              }
              disabled={merge.isPending}
            >
              {t('duplicates.merge')}
            </Button>
            <Button variant="outline" onClick={() => navigate(`/contacts/${duplicates.saved.id}`, { replace: true })}>
              {t('duplicates.keep')}
            </Button>
          </div>
        </div>
      )}

      {contact && <QuickActions contact={contact} />}

      <form
        onSubmit={submit}
        className="mt-6 space-y-5 rounded-2xl bg-white p-4 ring-1 ring-slate-200 md:p-6"
        noValidate
      >
        <div className="grid gap-4 md:grid-cols-2">
          <Field label={t('fields.name')} required error={error('name')}>
            <Input value={form.name} onChange={set('name')} maxLength={CONTACT_LIMITS.nameMax} autoComplete="off" />
          </Field>
          <Field label={t('fields.nameAr')} error={error('nameAr')}>
            <Input
              value={form.nameAr}
              onChange={set('nameAr')}
              maxLength={CONTACT_LIMITS.nameMax}
              dir="rtl"
              lang="ar"
            />
          </Field>
          <Field label={t('fields.title')} error={error('title')}>
            <Input value={form.title} onChange={set('title')} dir="auto" maxLength={CONTACT_LIMITS.titleMax} />
          </Field>
          <Field label={t('fields.company')} error={error('company')}>
            <Input value={form.company} onChange={set('company')} dir="auto" maxLength={CONTACT_LIMITS.companyMax} />
          </Field>
          <Field label={t('fields.phones')} hint={t('fields.phonesHint')} error={error('phones')}>
            <Textarea
              value={form.phones}
              onChange={set('phones')}
              dir="ltr"
              className="min-h-20 text-start"
              inputMode="tel"
            />
          </Field>
          <Field label={t('fields.emails')} hint={t('fields.emailsHint')} error={error('emails')}>
            <Textarea
              value={form.emails}
              onChange={set('emails')}
              dir="ltr"
              className="min-h-20 text-start"
              inputMode="email"
            />
          </Field>
          <Field label={t('fields.website')} error={error('website')}>
            <Input value={form.website} onChange={set('website')} dir="ltr" inputMode="url" placeholder="https://" />
          </Field>
          <Field label={t('fields.address')} error={error('address')}>
            <Input value={form.address} onChange={set('address')} dir="auto" maxLength={CONTACT_LIMITS.addressMax} />
          </Field>
          <Field label={t('fields.brn')} error={error('brn')}>
            <Input value={form.brn} onChange={set('brn')} dir="ltr" inputMode="numeric" />
          </Field>
          <Field label={t('fields.orn')} error={error('orn')}>
            <Input value={form.orn} onChange={set('orn')} dir="ltr" inputMode="numeric" />
          </Field>
          <Field label={t('fields.tags')} hint={t('fields.tagsHint')} error={error('tags')}>
            <Input value={form.tags} onChange={set('tags')} dir="auto" />
          </Field>
          <Field label={t('fields.event')} hint={t('fields.eventHint')} error={error('event')}>
            <Input
              value={form.event}
              onChange={set('event')}
              dir="auto"
              maxLength={CONTACT_LIMITS.eventMax}
              list={eventListId}
              autoComplete="off"
            />
          </Field>
          {/* The book's recent events are offered as the user types; a new one is typed in full. */}
          <datalist id={eventListId} aria-label={t('fields.eventSuggestions')}>
            {(facets.data?.events ?? []).map((e) => (
              <option key={e.value} value={e.value} />
            ))}
          </datalist>
        </div>
        <Field label={t('fields.notes')} error={error('notes')}>
          <Textarea value={form.notes} onChange={set('notes')} dir="auto" maxLength={CONTACT_LIMITS.notesMax} />
        </Field>
        <fieldset className="grid gap-4 rounded-xl bg-amber-50/60 p-4 md:grid-cols-[auto_1fr]">
          <Field label={t('fields.followUpOn')} error={error('followUpOn')}>
            <Input type="date" value={form.followUpOn} onChange={set('followUpOn')} className="h-11" />
          </Field>
          <Field label={t('fields.followUpNote')} hint={t('fields.followUpNoteHint')} error={error('followUpNote')}>
            <Input
              value={form.followUpNote}
              onChange={set('followUpNote')}
              dir="auto"
              maxLength={CONTACT_LIMITS.followUpNoteMax}
              className="h-11"
            />
          </Field>
        </fieldset>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button type="submit" size="primary" disabled={save.isPending}>
            {t('save')}
          </Button>
          {contact && (
            <Button
              type="button"
              variant="ghost"
              className="text-red-700"
              onClick={() => {
                if (!window.confirm(t('deleteConfirm', { name: contact.name }))) return;
                remove.mutate(contact.id, {
                  onSuccess: () => {
                    toast({ title: t('deleted') });
                    navigate('/contacts', { replace: true });
                  },
                });
              }}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {t('delete')}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}

function QuickActions({ contact }: { contact: Contact }) {
  const { t, i18n } = useTranslation('contacts');
  const templates = useTemplates();
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  const choices = (templates.data ?? []).filter((x) => x.lang === lang || !x.builtIn);
  const [templateId, setTemplateId] = useState<string>('');
  const chosen = templateId || choices[0]?.id || '';
  const phone = contact.phones[0];
  // The link is asked for as soon as the template is known, so the button is a real link that opens
  // WhatsApp in the tap itself (no pop-up blocker, and it works with a long-press "open in app").
  const link = useQuery({
    queryKey: ['/api/contacts', contact.id, 'whatsapp', chosen],
    queryFn: () => whatsappLink(contact.id, chosen),
    enabled: !!phone && !!chosen,
    staleTime: 0,
  });

  return (
    <section aria-labelledby="quick-title" className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="quick-title" className="sr-only">
        {t('whatsapp.title')}
      </h2>
      <div className="flex flex-wrap gap-2">
        {phone && (
          <Button asChild variant="outline">
            <a href={`tel:${phone}`}>
              <Phone className="h-4 w-4" aria-hidden="true" />
              {t('call')}
            </a>
          </Button>
        )}
        {contact.emails[0] && (
          <Button asChild variant="outline">
            <a href={`mailto:${contact.emails[0]}`}>
              <Mail className="h-4 w-4" aria-hidden="true" />
              {t('email')}
            </a>
          </Button>
        )}
        {contact.cardId && (
          <Button asChild variant="outline">
            <Link to={`/cards/${contact.cardId}`}>{t('card')}</Link>
          </Button>
        )}
      </div>
      {phone ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <Field label={t('whatsapp.template')} className="min-w-0 flex-1">
            <Select
              value={chosen}
              onChange={(e) => setTemplateId(e.target.value)}
              className="h-11"
              options={choices.map((x) => ({ value: x.id, label: x.name }))}
            />
          </Field>
          <Button asChild className="h-11 bg-[#075E54] hover:bg-[#054a42]">
            <a
              href={link.data?.url ?? 'https://wa.me/'}
              target="_blank"
              rel="noopener noreferrer"
              aria-disabled={!link.data}
              data-testid="whatsapp-button"
            >
              <MessageCircle className="h-4 w-4" aria-hidden="true" />
              {t('whatsapp.open')}
            </a>
          </Button>
          <Link
            to="/contacts/templates"
            className="inline-flex min-h-11 items-center text-sm text-brand-700 hover:underline"
          >
            {t('whatsapp.manage')}
          </Link>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{t('whatsapp.noPhone')}</p>
      )}
    </section>
  );
}
