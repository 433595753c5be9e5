/**
 * The SQL of the directory and property routes of `npm run bench:http`, as the app builds it, with
 * its parameters written in, for pgbench: the database's own speed beside the route's.
 */
import { directoryQuerySchema } from '../src/core/schemas/directory';
import { propertyQuerySchema } from '../src/core/schemas/properties';
import { openDatabase } from '../src/server/db/client';
import { directoryPageQuery } from '../src/server/modules/directory/repository';
import { propertyPageQuery } from '../src/server/modules/properties/repository';

function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (Array.isArray(v)) return `array[${v.map(literal).join(',')}]`;
  return `'${String(v).replace(/'/g, "''")}'`;
}

function inline(q: { sql: string; params: unknown[] }): string {
  return q.sql.replace(/\$(\d+)/g, (_, n) => literal(q.params[Number(n) - 1]));
}

const DIRECTORY: [string, string][] = [
  ['directory role=broker&limit=12', 'role=broker&limit=12'],
  ['directory role=broker&search=marina', 'role=broker&search=marina'],
  ['directory search=mansuri (typo)', 'search=mansuri'],
  ['directory role+language+city', 'role=broker&language=arabic&city=dubai'],
  ['directory unfiltered', ''],
];
const PROPERTIES: [string, string][] = [
  ['properties unfiltered', ''],
  ['properties city+price+sort', 'city=dubai&minPrice=1000000&maxPrice=3000000&sort=price_asc'],
];

const params = (qs: string) => Object.fromEntries(new URLSearchParams(qs));

/** [route name, SQL] for each directory and property route. */
export async function benchSql(url: string): Promise<[string, string][]> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const out: [string, string][] = [];
    for (const [name, qs] of DIRECTORY) {
      const { city, ...q } = directoryQuerySchema.parse(params(qs));
      const text = inline(directoryPageQuery(database.db, { ...q, emirate: city }).toSQL());
      out.push([name, text]);
    }
    for (const [name, qs] of PROPERTIES) {
      const { city, type, ...q } = propertyQuerySchema.parse(params(qs));
      out.push([name, inline(propertyPageQuery(database.db, { ...q, type, emirate: city }).toSQL())]);
    }
    return out;
  } finally {
    await database.close();
  }
}
