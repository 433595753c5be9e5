/** The contact book's requests, with the query keys the pages share. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactCreateInput, ContactFacets, MessageTemplate } from '../../../core/schemas/contacts';
import { apiJson, toQueryString } from '../../lib/api';

export const CONTACTS_KEY = ['/api/contacts'] as const;
export const DUE_COUNT_KEY = ['/api/contacts/due-count'] as const;
export const TEMPLATES_KEY = ['/api/message-templates'] as const;

export interface ContactFilters {
  q?: string;
  tag?: string;
  event?: string;
  source?: string;
  sort: 'recent' | 'name';
}

interface ContactPage {
  items: Contact[];
  nextCursor: string | null;
  due: Contact[];
}

export function useContacts(filters: ContactFilters) {
  return useInfiniteQuery({
    queryKey: [...CONTACTS_KEY, 'list', filters],
    queryFn: ({ pageParam }) =>
      apiJson<ContactPage>('GET', `/api/contacts${toQueryString({ ...filters, cursor: pageParam, limit: 30 })}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}

/** The book's own tags, events and sources with counts: the choices of the filters and the event field. */
export function useContactFacets() {
  return useQuery({
    queryKey: [...CONTACTS_KEY, 'facets'],
    queryFn: () => apiJson<ContactFacets>('GET', '/api/contacts/facets'),
    staleTime: 30_000,
  });
}

export function useContact(id: string | undefined) {
  return useQuery({
    queryKey: [...CONTACTS_KEY, id],
    queryFn: () => apiJson<Contact>('GET', `/api/contacts/${encodeURIComponent(id ?? '')}`),
    enabled: !!id,
    staleTime: 0,
  });
}

export function useDueCount(enabled: boolean) {
  return useQuery({
    queryKey: DUE_COUNT_KEY,
    queryFn: () => apiJson<{ count: number }>('GET', '/api/contacts/due-count'),
    enabled,
    staleTime: 60_000,
  });
}

function useInvalidateContacts() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: CONTACTS_KEY });
    void client.invalidateQueries({ queryKey: DUE_COUNT_KEY });
  };
}

export function useSaveContact(id?: string) {
  const invalidate = useInvalidateContacts();
  return useMutation({
    // A new contact carries the idempotency key made when the user pressed save, so sending it
    // again (after a lost answer, or from the offline outbox) never adds it twice.
    mutationFn: ({ body, key }: { body: Partial<ContactCreateInput>; key?: string }) =>
      id
        ? apiJson<Contact>('PATCH', `/api/contacts/${encodeURIComponent(id)}`, body)
        : apiJson<Contact & { duplicates: Contact[] }>(
            'POST',
            '/api/contacts',
            body,
            key ? { 'Idempotency-Key': key } : undefined,
          ),
    onSuccess: invalidate,
  });
}

export function useDeleteContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (id: string) => apiJson<void>('DELETE', `/api/contacts/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

export function useMergeContacts() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: ({ id, otherId }: { id: string; otherId: string }) =>
      apiJson<Contact>('POST', `/api/contacts/${encodeURIComponent(id)}/merge`, { otherId }),
    onSuccess: invalidate,
  });
}

export function useTemplates() {
  return useQuery({
    queryKey: TEMPLATES_KEY,
    queryFn: () => apiJson<MessageTemplate[]>('GET', '/api/message-templates'),
  });
}

export function useTemplateMutations() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: TEMPLATES_KEY });
  return {
    create: useMutation({
      mutationFn: (body: { name: string; lang: 'en' | 'ar'; body: string }) =>
        apiJson<MessageTemplate>('POST', '/api/message-templates', body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiJson<void>('DELETE', `/api/message-templates/${encodeURIComponent(id)}`),
      onSuccess: refresh,
    }),
  };
}

export const whatsappLink = (contactId: string, templateId: string) =>
  apiJson<{ url: string; text: string }>(
    'GET',
    `/api/contacts/${encodeURIComponent(contactId)}/whatsapp?template=${encodeURIComponent(templateId)}`,
  );

export interface ImportRow {
  contact: { name: string; company: string | null; phones: string[]; emails: string[] };
  valid: boolean;
  problem: string | null;
  duplicateOf: Contact | null;
}

export function useImportContacts() {
  const invalidate = useInvalidateContacts();
  return {
    preview: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiJson<ImportRow[]>('POST', '/api/contacts/import?preview=true', form);
    },
    commit: useMutation({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return apiJson<{ imported: number; skipped: number }>('POST', '/api/contacts/import', form);
      },
      onSuccess: invalidate,
    }),
  };
}
