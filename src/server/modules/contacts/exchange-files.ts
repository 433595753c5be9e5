/**
 * The contact book as files: vCard 4.0 (one file, every contact) and CSV (UTF-8 with a byte-order
 * mark, so Excel shows Arabic), and back: vCard 3.0 or 4.0 with several cards per file, and CSV
 * whose headers are matched by their usual names. Reading never writes; the import route previews
 * what it read and marks the duplicates before anything is saved.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import VCard from 'vcf';
import { toCsv } from '../../../core/csv';
import { parsePhone } from '../../../core/phone';
import type { ContactRow } from './schema';

export const CSV_HEADER = [
  'Name',
  'Arabic name',
  'Title',
  'Company',
  'Phones',
  'E-mails',
  'Website',
  'Address',
  'BRN',
  'ORN',
  'Tags',
  'Event',
  'Notes',
  'Follow-up',
  'Follow-up note',
  'Source',
  'Created',
];

export function contactsCsv(rows: ContactRow[]): string {
  return toCsv(
    CSV_HEADER,
    rows.map((r) => [
      r.name,
      r.nameAr,
      r.title,
      r.company,
      r.phones.join('; '),
      r.emails.join('; '),
      r.website,
      r.address,
      r.brn,
      r.orn,
      r.tags.join('; '),
      r.event,
      r.notes,
      r.followUpOn,
      r.followUpNote,
      r.source,
      r.createdAt.toISOString(),
    ]),
  );
}

export function contactsVcf(rows: ContactRow[]): string {
  return rows
    .map((r) => {
      const card = new VCard();
      card.set('fn', r.name);
      const parts = r.name.trim().split(/\s+/);
      card.set(
        'n',
        `${parts.length > 1 ? parts.slice(-1)[0] : ''};${parts.length > 1 ? parts.slice(0, -1).join(' ') : parts[0]};;;`,
      );
      // The Arabic name as a second FN of the same person (vCard 4.0 ALTID and LANGUAGE).
      if (r.nameAr) {
        card.set('fn', r.name, { altid: '1', language: 'en' });
        card.add('fn', r.nameAr, { altid: '1', language: 'ar' });
      }
      if (r.title) card.set('title', r.title);
      if (r.company) card.set('org', r.company);
      for (const phone of r.phones) card.add('tel', phone, { type: 'cell' });
      for (const email of r.emails) card.add('email', email);
      if (r.website) card.set('url', r.website);
      if (r.address) card.set('adr', `;;${r.address};;;;`);
      const notes = [r.notes, r.brn && `BRN ${r.brn}`, r.orn && `ORN ${r.orn}`, r.event && `Met at ${r.event}`]
        .filter(Boolean)
        .join('\n');
      if (notes) card.set('note', notes);
      if (r.tags.length) card.set('categories', r.tags.join(','));
      card.set(
        'rev',
        r.updatedAt
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d+Z$/, 'Z'),
      );
      return card.toString('4.0');
    })
    .join('\r\n');
}

export interface ImportedContact {
  name: string;
  nameAr: string | null;
  title: string | null;
  company: string | null;
  phones: string[];
  emails: string[];
  website: string | null;
  address: string | null;
  notes: string | null;
  tags: string[];
}

const scalar = (p: unknown): string => {
  if (p == null) return '';
  const v = Array.isArray(p) ? p[0] : p;
  return typeof v === 'object' && v ? String((v as { valueOf(): unknown }).valueOf()) : String(v);
};
const listOf = (p: unknown): unknown[] => (p == null ? [] : Array.isArray(p) ? p : [p]);
const phoneOf = (raw: string) => {
  const r = parsePhone(raw.replace(/^tel:/i, ''));
  return r.ok ? r.e164 : null;
};
const ARABIC = /[\u0600-\u06ff]/;

export function readVcf(text: string): ImportedContact[] {
  const cards = VCard.parse(text.replace(/^\uFEFF/, ''));
  return cards.map((card) => {
    const data = card.data as Record<string, unknown>;
    const names = listOf(data.fn).map(scalar).filter(Boolean);
    const latin = names.find((n) => !ARABIC.test(n)) ?? names[0] ?? '';
    const arabic = names.find((n) => ARABIC.test(n) && n !== latin) ?? null;
    const n = scalar(data.n).split(';');
    return {
      name: (latin || [n[1], n[0]].filter(Boolean).join(' ')).trim(),
      nameAr: arabic,
      title: scalar(data.title) || null,
      company: scalar(data.org).replace(/;+$/, '') || null,
      phones: listOf(data.tel)
        .map(scalar)
        .map(phoneOf)
        .filter((p): p is string => !!p),
      emails: listOf(data.email)
        .map(scalar)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
      website: scalar(data.url) || null,
      address: scalar(data.adr).split(';').filter(Boolean).join(', ') || null,
      notes: scalar(data.note).replace(/\\n/g, '\n') || null,
      tags: scalar(data.categories)
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    };
  });
}

/** Header names, folded, by the field they fill. */
const CSV_FIELDS: Record<keyof ImportedContact, string[]> = {
  name: ['name', 'full name', 'display name', 'fn'],
  nameAr: ['arabic name', 'name ar', 'name (arabic)', 'الاسم'],
  title: ['title', 'job title', 'position'],
  company: ['company', 'organization', 'organisation', 'org'],
  phones: ['phones', 'phone', 'mobile', 'phone number', 'mobile phone', 'tel'],
  emails: ['e-mails', 'emails', 'email', 'e-mail', 'email address'],
  website: ['website', 'web', 'url'],
  address: ['address'],
  notes: ['notes', 'note'],
  tags: ['tags', 'labels', 'categories'],
};

export function readCsv(text: string): ImportedContact[] {
  const rows: string[][] = parseCsv(text.replace(/^\uFEFF/, ''), {
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  });
  const [header, ...body] = rows;
  if (!header) return [];
  const folded = header.map((h) => h.trim().toLowerCase());
  const at = (field: keyof ImportedContact) => folded.findIndex((h) => CSV_FIELDS[field].includes(h));
  const cols = Object.fromEntries(Object.keys(CSV_FIELDS).map((f) => [f, at(f as keyof ImportedContact)])) as Record<
    keyof ImportedContact,
    number
  >;
  // Our own export (like most) writes a quote before a cell starting with + = - @, so a spreadsheet
  // never runs it as a formula; reading back, that quote is not part of the value.
  const cell = (row: string[], f: keyof ImportedContact) =>
    cols[f] >= 0 ? (row[cols[f]] ?? '').trim().replace(/^'(?=[=+\-@])/, '') : '';
  const split = (v: string) =>
    v
      .split(/[;,\n]/)
      .map((x) => x.trim())
      .filter(Boolean);
  return body
    .map((row) => ({
      name: cell(row, 'name'),
      nameAr: cell(row, 'nameAr') || null,
      title: cell(row, 'title') || null,
      company: cell(row, 'company') || null,
      phones: split(cell(row, 'phones'))
        .map(phoneOf)
        .filter((p): p is string => !!p),
      emails: split(cell(row, 'emails')).map((e) => e.toLowerCase()),
      website: cell(row, 'website') || null,
      address: cell(row, 'address') || null,
      notes: cell(row, 'notes') || null,
      tags: split(cell(row, 'tags')),
    }))
    .filter((c) => c.name || c.emails.length || c.phones.length);
}
