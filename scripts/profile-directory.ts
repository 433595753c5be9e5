/**
 * Where one directory request's time goes, phase by phase, on one connection: a sample of the miss
 * stream's directory queries (scripts/lib/miss-queries.ts) run through the same steps as the route
 * (listDirectory), each step timed on its own. Prints p50/p95 per phase and for the whole request.
 *
 *   npx tsx scripts/profile-directory.ts postgres://postgres@127.0.0.1:5432/bitaqa_bench [sample=200]
 */
import { performance } from 'node:perf_hooks';
import { directoryQuerySchema } from '../src/core/schemas/directory';
import { openDatabase } from '../src/server/db/client';
import { listDirectory, setPhaseTimer } from '../src/server/modules/directory/repository';
import { directoryQuery, distinct } from './lib/miss-queries';

const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/bitaqa_bench';
const SAMPLE = Number(process.argv[3] ?? 200);

const phases = new Map<string, number[]>();
const add = (name: string, ms: number) => {
  const list = phases.get(name) ?? [];
  list.push(ms);
  phases.set(name, list);
};
const at = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];

async function main() {
  const { db, close } = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  setPhaseTimer(add);
  // Skip the stream's warm-up share, as the bench does, and take the next queries.
  const queries = distinct(SAMPLE + 50, 1, directoryQuery).slice(50);
  for (const [i, qs] of queries.entries()) {
    const { city, ...q } = directoryQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
    const t0 = performance.now();
    await listDirectory(db, { ...q, emirate: city });
    if (i >= 10) add('whole request', performance.now() - t0);
  }
  console.log('| phase | n | p50 ms | p95 ms | max ms | sum ms |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, xs] of phases) {
    const sum = xs.reduce((s, x) => s + x, 0);
    console.log(
      `| ${name} | ${xs.length} | ${at(xs, 0.5).toFixed(1)} | ${at(xs, 0.95).toFixed(1)} | ${at(xs, 1).toFixed(1)} | ${sum.toFixed(0)} |`,
    );
  }
  await close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
