/**
 * Fails when a server module import closes a cycle between modules that is not in
 * scripts/module-cycles.known.json. The known list holds the cycles the modules had when the rule
 * came in; it may only shrink (the script says which entries are gone, to delete them).
 * Run by `npm run lint:imports`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { type CruisedModule, cycleEdges, moduleGraph } from './lib/module-cycles';

const root = path.resolve(import.meta.dirname, '..');
const knownFile = path.join(root, 'scripts/module-cycles.known.json');

const result = await cruise(
  ['src/server/modules'],
  {
    baseDir: root,
    tsPreCompilationDeps: true,
    exclude: { path: '(^|/)(node_modules|dist)/|\\.test\\.tsx?$' },
    doNotFollow: { path: 'node_modules' },
  },
  { extensions: ['.ts', '.tsx', '.js', '.json'] },
);
const edges = cycleEdges(moduleGraph((result.output as ICruiseResult).modules as CruisedModule[]));
const known = new Set<string>(JSON.parse(fs.readFileSync(knownFile, 'utf8')) as string[]);

if (process.argv.includes('--write-known')) {
  fs.writeFileSync(knownFile, `${JSON.stringify(edges, null, 2)}\n`);
  console.log(`${edges.length} module imports on a cycle written to ${path.relative(root, knownFile)}`);
  process.exit(0);
}
const added = edges.filter((e) => !known.has(e));
const gone = [...known].filter((e) => !edges.includes(e));
for (const e of added) console.error(`  error no-module-cycle: ${e} closes a cycle between server modules`);
if (gone.length)
  console.log(
    `${gone.length} known module cycle imports are gone; delete them from the known list:\n  ${gone.join('\n  ')}`,
  );
if (added.length) {
  console.error(
    `\n${added.length} new module imports on a cycle. Depend one way: move the shared piece down ` +
      '(core, db/query, platform) or have the other module publish an event.',
  );
  process.exit(1);
}
console.log(`no new module cycles (${edges.length} known module imports on a cycle).`);
