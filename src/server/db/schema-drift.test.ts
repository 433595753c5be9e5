/**
 * Schema in one place: every column and index the migrations create is declared in
 * schema.ts, so drizzle-kit knows the whole database, and generating a migration from schema.ts
 * finds nothing new. A hand-written index or column that is not declared fails here.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db';

const root = path.resolve(import.meta.dirname, '../../..');
const migrations = path.join(root, 'drizzle');

interface Snapshot {
  tables: Record<
    string,
    {
      name: string;
      columns: Record<string, unknown>;
      indexes: Record<string, unknown>;
      uniqueConstraints?: Record<string, unknown>;
      compositePrimaryKeys?: Record<string, unknown>;
    }
  >;
}

/** drizzle-kit's record of the schema after the newest migration. */
function latestSnapshot(): Snapshot {
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number }[];
  };
  const last = journal.entries.at(-1)?.idx ?? 0;
  const file = path.join(migrations, 'meta', `${String(last).padStart(4, '0')}_snapshot.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
}

describe('schema.ts declares the whole database', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t?.close());

  it('knows every column and index the migrations created', async () => {
    const snapshot = latestSnapshot();
    const columns = new Set<string>();
    const indexes = new Set<string>();
    for (const table of Object.values(snapshot.tables)) {
      for (const c of Object.keys(table.columns)) columns.add(`${table.name}.${c}`);
      for (const i of Object.keys(table.indexes)) indexes.add(i);
      for (const i of Object.keys(table.uniqueConstraints ?? {})) indexes.add(i);
      for (const i of Object.keys(table.compositePrimaryKeys ?? {})) indexes.add(i);
    }
    const rowsOf = <T>(res: unknown): T[] => (res as { rows?: T[] }).rows ?? (res as T[]);
    const liveColumns = rowsOf<{ table_name: string; column_name: string }>(
      await t.db.execute(
        sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and table_name <> '__drizzle_migrations'`,
      ),
    );
    const liveIndexes = rowsOf<{ indexname: string }>(
      await t.db.execute(
        sql`select indexname from pg_indexes where schemaname = 'public' and indexname not like '%\_pkey'`,
      ),
    );
    const undeclaredColumns = liveColumns.map((r) => `${r.table_name}.${r.column_name}`).filter((c) => !columns.has(c));
    const undeclaredIndexes = liveIndexes.map((r) => r.indexname).filter((i) => !indexes.has(i));
    expect(undeclaredColumns).toEqual([]);
    expect(undeclaredIndexes).toEqual([]);
    // The stored search columns are among the declared ones (they were hand-written before).
    expect(columns.has('business_cards.search_doc')).toBe(true);
    expect(indexes.has('business_cards_name_doc_trgm_idx')).toBe(true);
  });
});

describe('drizzle-kit generate', () => {
  it('finds no change between schema.ts and the migrations', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitaqa-drift-'));
    const out = path.join(dir, 'drizzle');
    try {
      fs.cpSync(migrations, out, { recursive: true });
      const before = fs.readdirSync(out).sort();
      const config = path.join(dir, 'drizzle.config.json');
      fs.writeFileSync(
        config,
        // drizzle-kit reads both paths relative to the working directory.
        JSON.stringify({ dialect: 'postgresql', schema: './src/server/db/schema.ts', out: path.relative(root, out) }),
      );
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [path.join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', `--config=${config}`],
        { cwd: root, timeout: 120_000 },
      );
      expect(`${stdout}${stderr}`).toMatch(/No schema changes/i);
      expect(fs.readdirSync(out).sort()).toEqual(before);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the migration journal', () => {
  // The migrator applies only migrations stamped later than the newest one a database already has,
  // so a migration stamped earlier than its predecessor would be skipped on every upgraded database.
  it('stamps each migration later than the one before it, in file order', () => {
    const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    const files = fs
      .readdirSync(migrations)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => f.replace(/\.sql$/, ''));
    expect(journal.entries.map((e) => e.tag)).toEqual(files);
    const late = journal.entries.filter((e, i) => i > 0 && e.when <= journal.entries[i - 1].when).map((e) => e.tag);
    expect(late).toEqual([]);
  });
});
