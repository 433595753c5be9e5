/**
 * Triggers and functions declared beside the code they serve: every trigger and function the
 * migrations leave in the database is written out in a `.sql` file under src/server (next to the
 * module or table it keeps right), exactly as PostgreSQL prints it back. A migration that adds,
 * drops or changes one without updating its file fails here, so the files never tell an old
 * story.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db';

const serverDir = path.resolve(import.meta.dirname, '..');

/** The statements of a SQL file, without the comments between them (a body's own comments stay). */
function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest);
    if (dollar) {
      const end = text.indexOf(dollar[0], i + dollar[0].length);
      if (end < 0) throw new Error(`unterminated ${dollar[0]} quote`);
      current += text.slice(i, end + dollar[0].length);
      i = end + dollar[0].length;
    } else if (rest.startsWith("'")) {
      let j = i + 1;
      while (j < text.length && !(text[j] === "'" && text[j + 1] !== "'")) j += text[j] === "'" ? 2 : 1;
      current += text.slice(i, j + 1);
      i = j + 1;
    } else if (rest.startsWith('--')) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (rest.startsWith(';')) {
      if (current.trim()) statements.push(current.trim());
      current = '';
      i++;
    } else {
      current += text[i];
      i++;
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

/** One spelling per definition: whitespace collapsed, the dollar quote PostgreSQL picks written `$$`. */
function normalize(definition: string): string {
  return definition
    .replace(/\$function\$/g, '$$$$')
    .replace(/\s+/g, ' ')
    .replace(/\s*;\s*$/, '')
    .trim();
}

/** `function name(arguments)` or `trigger name on table`, from a definition as printed. */
function keyOf(definition: string): string {
  const fn = /^CREATE OR REPLACE FUNCTION (\S+?)\((.*?)\)\s+RETURNS/s.exec(definition);
  if (fn) return `function ${fn[1].replace(/^public\./, '')}(${fn[2].replace(/\s+/g, ' ')})`;
  const trigger = /^CREATE (?:CONSTRAINT )?TRIGGER (\S+) .*? ON (\S+)/s.exec(definition);
  if (trigger) return `trigger ${trigger[1]} on ${trigger[2].replace(/^public\./, '')}`;
  throw new Error(`not a function or trigger definition: ${definition.slice(0, 80)}`);
}

function sqlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sqlFiles(full);
    return entry.name.endsWith('.sql') ? [full] : [];
  });
}

/** Every definition the files declare, by key, with the file that declares it. */
function declared(): Map<string, { file: string; definition: string }> {
  const found = new Map<string, { file: string; definition: string }>();
  for (const file of sqlFiles(serverDir)) {
    for (const statement of splitStatements(fs.readFileSync(file, 'utf8'))) {
      const key = keyOf(statement);
      const where = path.relative(serverDir, file);
      if (found.has(key)) throw new Error(`${key} is declared twice (${found.get(key)?.file}, ${where})`);
      found.set(key, { file: where, definition: normalize(statement) });
    }
  }
  return found;
}

let database: TestDatabase;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const res = await database.db.execute(query);
  return (res as unknown as { rows?: T[] }).rows ?? (res as unknown as T[]);
}

/** What the migrated database holds: its own functions (not an extension's) and triggers (not a foreign key's). */
async function inDatabase(): Promise<Map<string, string>> {
  const functions = await rows<{ def: string }>(sql`
    select pg_get_functiondef(p.oid) as def
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public'
      and not exists (select 1 from pg_depend d
        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`);
  const triggers = await rows<{ def: string }>(sql`
    select pg_get_triggerdef(t.oid) as def
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal`);
  const found = new Map<string, string>();
  for (const { def } of [...functions, ...triggers]) found.set(keyOf(def), normalize(def));
  return found;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('triggers and functions declared beside the schema', () => {
  it('the files declare exactly the triggers and functions the migrations create', async () => {
    const files = declared();
    const db = await inDatabase();
    expect([...files.keys()].sort(), 'declared in a .sql file under src/server').toEqual([...db.keys()].sort());
  });

  it("each file's definition is the database's, body and all", async () => {
    const files = declared();
    const db = await inDatabase();
    for (const [key, { file, definition }] of files) {
      expect(definition, `${key} in ${file} differs from the migrated database`).toBe(db.get(key));
    }
  });

  it('reads statements around comments and quotes', () => {
    expect(
      splitStatements(`-- a; note\nCREATE x AS $$ -- kept; here\n $$;\nSELECT 'it''s; -- not a comment';`),
    ).toEqual([`CREATE x AS $$ -- kept; here\n $$`, `SELECT 'it''s; -- not a comment'`]);
  });
});
