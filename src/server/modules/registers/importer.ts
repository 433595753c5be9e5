/**
 * Imports a regulator's register from CSV, streamed: rows are read, checked and written a batch at
 * a time, so a 100,000-row file keeps memory flat. Two CSV shapes are published for each register
 * (the open-data export and the e-services list); headers are matched case-insensitively by their
 * known names, a UTF-8 byte-order mark is ignored, and dates come as `YYYY-MM-DD` with or without a
 * time. Re-importing the same file changes nothing: rows are compared before they are written.
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { registerBrokers, registerImports, registerOffices, type UnreadableRow } from './schema';

import { REGISTER_KINDS, type RegisterKind } from '../../../core/schemas/registers';

export { REGISTER_KINDS, type RegisterKind };

const BATCH = 1000;
/** The report keeps this many unreadable rows with their line numbers; the count has them all. */
const UNREADABLE_KEPT = 100;

/** Header names, folded (lower case, runs of other characters as "_"), by the field they fill. */
const HEADERS: Record<RegisterKind, Record<string, string[]>> = {
  dld_brokers: {
    number: ['broker_number', 'broker_no', 'brn', 'card_number'],
    nameEn: ['broker_en', 'name_english', 'broker_name_en', 'name_en', 'broker_name_english'],
    nameAr: ['broker_ar', 'name_arabic', 'broker_name_ar', 'name_ar', 'broker_name_arabic'],
    officeNumber: ['real_estate_number', 'office_number', 'orn'],
    officeNameEn: ['office_name_english', 'real_estate_en', 'office_name_en'],
    phone: ['phone_number', 'phone', 'mobile'],
    email: ['email', 'e_mail', 'email_address'],
    licenseStart: ['license_start_date', 'licence_start_date', 'card_issue_date'],
    licenseEnd: ['license_end_date', 'licence_end_date', 'card_expiry_date'],
  },
  dld_offices: {
    number: ['office_number', 'real_estate_number', 'orn', 'license_number'],
    nameEn: ['name_english', 'real_estate_en', 'office_name_english', 'name_en', 'office_en'],
    nameAr: ['name_arabic', 'real_estate_ar', 'office_name_arabic', 'name_ar', 'office_ar'],
    licenseEnd: ['license_end_date', 'licence_end_date', 'license_expiry_date'],
  },
};

export const foldHeader = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` → the date; empty → null; anything else → undefined (unreadable). */
export function registerDate(raw: string | undefined): string | null | undefined {
  const value = raw?.trim() ?? '';
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/.exec(value);
  if (!m) return undefined;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== `${m[1]}-${m[2]}-${m[3]}`) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

type Fields = Record<string, string | null>;

export interface ImportReport {
  id: string;
  kind: RegisterKind;
  rows: number;
  added: number;
  changed: number;
  removed: number;
  unreadable: number;
  unreadableRows: UnreadableRow[];
}

/** Reads the CSV and writes the register; records the import. Throws on a file without a number column. */
export async function importRegister(
  db: DbOrTx,
  kind: RegisterKind,
  input: Readable,
  meta: { actorId: string | null; source: string; at?: Date },
): Promise<ImportReport> {
  const [record] = await db
    .insert(registerImports)
    .values({ kind, actorId: meta.actorId, source: meta.source, ...(meta.at ? { createdAt: meta.at } : {}) })
    .returning({ id: registerImports.id });
  const importId = record.id;
  const report: ImportReport = {
    id: importId,
    kind,
    rows: 0,
    added: 0,
    changed: 0,
    removed: 0,
    unreadable: 0,
    unreadableRows: [],
  };
  const unreadable = (row: UnreadableRow) => {
    report.unreadable++;
    if (report.unreadableRows.length < UNREADABLE_KEPT) report.unreadableRows.push(row);
  };

  const parser = input.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, info: true, relax_quotes: true }),
  );
  let columns: Record<string, number> | null = null;
  let batch = new Map<string, Fields>();
  const flush = async () => {
    if (batch.size === 0) return;
    const rows = [...batch.values()];
    batch = new Map();
    const counts = await writeBatch(db, kind, rows, importId);
    report.added += counts.added;
    report.changed += counts.changed;
  };

  for await (const { record: cells, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (!columns) {
      columns = mapColumns(kind, cells);
      continue;
    }
    const line = info.lines;
    const fields: Fields = {};
    for (const [field, at] of Object.entries(columns)) fields[field] = cells[at]?.trim() || null;
    const number = fields.number?.replace(/\s+/g, '') ?? '';
    if (!/^\d{1,12}$/.test(number)) {
      const value = number.slice(0, 30);
      unreadable(
        number
          ? { line, code: 'bad_number', value, reason: `the number "${value}" is not a licence number` }
          : { line, code: 'no_number', reason: 'no licence number' },
      );
      continue;
    }
    fields.number = number;
    let datesOk = true;
    for (const field of ['licenseStart', 'licenseEnd']) {
      if (!(field in columns)) continue;
      const value = registerDate(fields[field] ?? undefined);
      if (value === undefined) {
        const value = String(fields[field]).slice(0, 30);
        unreadable({ line, code: 'bad_date', value, reason: `the date "${value}" is not YYYY-MM-DD` });
        datesOk = false;
        break;
      }
      fields[field] = value;
    }
    if (!datesOk) continue;
    report.rows++;
    batch.set(number, fields);
    if (batch.size >= BATCH) await flush();
  }
  if (!columns) throw new RegisterFileError('The file is empty.');
  await flush();

  // A complete register: numbers it no longer lists are gone. A file that was mostly unreadable is
  // more likely the wrong file than a register that shrank, so it removes nothing.
  if (report.rows > 0 && report.unreadable <= report.rows) {
    const table = kind === 'dld_brokers' ? registerBrokers : registerOffices;
    const gone = await db.delete(table).where(ne(table.lastImportId, importId)).returning({ id: table.lastImportId });
    report.removed = gone.length;
  }
  await db
    .update(registerImports)
    .set({
      rows: report.rows,
      added: report.added,
      changed: report.changed,
      removed: report.removed,
      unreadable: report.unreadable,
      unreadableRows: report.unreadableRows,
    })
    .where(sql`${registerImports.id} = ${importId}`);
  return report;
}

export class RegisterFileError extends Error {}

function mapColumns(kind: RegisterKind, header: string[]): Record<string, number> {
  const folded = header.map(foldHeader);
  const columns: Record<string, number> = {};
  for (const [field, names] of Object.entries(HEADERS[kind])) {
    const at = folded.findIndex((h) => names.includes(h));
    if (at >= 0) columns[field] = at;
  }
  if (!('number' in columns)) {
    const expected = HEADERS[kind].number.map((n) => n.toUpperCase()).join(', ');
    throw new RegisterFileError(`No licence number column: expected one of ${expected}.`);
  }
  return columns;
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

async function writeBatch(
  db: DbOrTx,
  kind: RegisterKind,
  rows: Fields[],
  importId: string,
): Promise<{ added: number; changed: number }> {
  let added = 0;
  let changed = 0;
  if (kind === 'dld_brokers') {
    const values = rows.map((f) => ({
      brn: f.number as string,
      nameEn: f.nameEn,
      nameAr: f.nameAr,
      officeNumber: f.officeNumber,
      officeNameEn: f.officeNameEn,
      phone: f.phone,
      email: f.email,
      licenseStart: f.licenseStart,
      licenseEnd: f.licenseEnd,
      lastImportId: importId,
    }));
    const before = new Map(
      (
        await db
          .select()
          .from(registerBrokers)
          .where(
            inArray(
              registerBrokers.brn,
              values.map((v) => v.brn),
            ),
          )
      ).map((r) => [r.brn, r]),
    );
    for (const v of values) {
      const old = before.get(v.brn);
      if (!old) added++;
      else if (
        !same(old.nameEn, v.nameEn) ||
        !same(old.nameAr, v.nameAr) ||
        !same(old.officeNumber, v.officeNumber) ||
        !same(old.officeNameEn, v.officeNameEn) ||
        !same(old.phone, v.phone) ||
        !same(old.email, v.email) ||
        !same(old.licenseStart, v.licenseStart) ||
        !same(old.licenseEnd, v.licenseEnd)
      )
        changed++;
    }
    await db
      .insert(registerBrokers)
      .values(values)
      .onConflictDoUpdate({
        target: registerBrokers.brn,
        set: {
          nameEn: sql`excluded.name_en`,
          nameAr: sql`excluded.name_ar`,
          officeNumber: sql`excluded.office_number`,
          officeNameEn: sql`excluded.office_name_en`,
          phone: sql`excluded.phone`,
          email: sql`excluded.email`,
          licenseStart: sql`excluded.license_start`,
          licenseEnd: sql`excluded.license_end`,
          lastImportId: sql`excluded.last_import_id`,
          updatedAt: sql`now()`,
        },
      });
  } else {
    const values = rows.map((f) => ({
      orn: f.number as string,
      nameEn: f.nameEn,
      nameAr: f.nameAr,
      licenseEnd: f.licenseEnd,
      lastImportId: importId,
    }));
    const before = new Map(
      (
        await db
          .select()
          .from(registerOffices)
          .where(
            inArray(
              registerOffices.orn,
              values.map((v) => v.orn),
            ),
          )
      ).map((r) => [r.orn, r]),
    );
    for (const v of values) {
      const old = before.get(v.orn);
      if (!old) added++;
      else if (!same(old.nameEn, v.nameEn) || !same(old.nameAr, v.nameAr) || !same(old.licenseEnd, v.licenseEnd))
        changed++;
    }
    await db
      .insert(registerOffices)
      .values(values)
      .onConflictDoUpdate({
        target: registerOffices.orn,
        set: {
          nameEn: sql`excluded.name_en`,
          nameAr: sql`excluded.name_ar`,
          licenseEnd: sql`excluded.license_end`,
          lastImportId: sql`excluded.last_import_id`,
          updatedAt: sql`now()`,
        },
      });
  }
  return { added, changed };
}
