/**
 * The module-level import rules catch what they are for: a module reached around its index.ts
 * (.dependency-cruiser.cjs), and two modules that import each other (scripts/check-module-cycles.ts).
 * Each case cruises a small tree written to a temporary folder with the project's own rules, so a
 * rule that stops matching (a path typo, a dependency-cruiser upgrade) fails here instead of letting
 * everything through.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';
import { type CruisedModule, cycleEdges, moduleGraph } from '../../scripts/lib/module-cycles';

const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as IConfiguration;

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

/** A tree of TypeScript files: path → source. */
type Tree = Record<string, string>;

/** The shared part of every tree: two modules, each with its public face, and the module list. */
const base: Tree = {
  'src/server/errors.ts': 'export const oops = () => new Error("oops");\n',
  'src/server/app.ts': 'import { registerModules } from "./modules";\nexport const app = () => registerModules();\n',
  'src/server/modules/index.ts':
    'import { cardsRoutes } from "./cards";\nimport { leadsRoutes } from "./leads";\n' +
    'export const registerModules = () => [cardsRoutes, leadsRoutes];\n',
  'src/server/modules/cards/index.ts':
    'export { cardsRoutes } from "./routes";\nexport { cardName } from "./service";\n',
  'src/server/modules/cards/routes.ts':
    'import { oops } from "../../errors";\nimport { cardName } from "./service";\n' +
    'export const cardsRoutes = () => (cardName() ? 1 : oops());\n',
  'src/server/modules/cards/service.ts': 'export const cardName = () => "card";\n',
  'src/server/modules/leads/index.ts': 'export { leadsRoutes } from "./routes";\n',
  'src/server/modules/leads/routes.ts':
    'import { cardName } from "../cards";\nexport const leadsRoutes = () => cardName();\n',
};

async function cruiseTree(changes: Tree): Promise<ICruiseResult> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
  roots.push(root);
  for (const [file, source] of Object.entries({ ...base, ...changes })) {
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), source);
  }
  const result = await cruise(['src'], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
  });
  return result.output as ICruiseResult;
}

async function violations(changes: Tree): Promise<{ rule: string; from: string; to: string }[]> {
  const output = await cruiseTree(changes);
  return output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

const moduleCycles = async (changes: Tree) =>
  cycleEdges(moduleGraph((await cruiseTree(changes)).modules as CruisedModule[]));

describe('import rules between server modules', () => {
  it('accepts modules that reach each other through index.ts, in one direction', async () => {
    expect(await violations({})).toEqual([]);
  });

  it("refuses a module importing another module's file around its index.ts", async () => {
    const found = await violations({
      'src/server/modules/leads/routes.ts':
        'import { cardName } from "../cards/service";\nexport const leadsRoutes = () => cardName();\n',
    });
    expect(found).toContainEqual({
      rule: 'module-through-index',
      from: 'src/server/modules/leads/routes.ts',
      to: 'src/server/modules/cards/service.ts',
    });
  });

  it("refuses code outside the modules importing a module's file around its index.ts", async () => {
    const found = await violations({
      'src/server/app.ts':
        'import { cardName } from "./modules/cards/service";\nexport const app = () => cardName();\n',
    });
    expect(found).toContainEqual({
      rule: 'outside-through-index',
      from: 'src/server/app.ts',
      to: 'src/server/modules/cards/service.ts',
    });
  });

  it('finds no module cycle when modules depend one way', async () => {
    expect(await moduleCycles({})).toEqual([]);
  });

  it('reports two modules that import each other', async () => {
    // leads already uses cards; cards/service now uses leads' notes through leads' index.
    const cycle: Tree = {
      'src/server/modules/cards/service.ts':
        'import { noteCount } from "../leads";\nexport const cardName = () => "card" + noteCount();\n',
      'src/server/modules/leads/index.ts':
        'export { leadsRoutes } from "./routes";\nexport { noteCount } from "./notes";\n',
      'src/server/modules/leads/notes.ts': 'export const noteCount = () => 0;\n',
    };
    expect(await moduleCycles(cycle)).toEqual(['cards → leads', 'leads → cards']);
  });

  it('does not count an import of types only, which loads nothing', async () => {
    expect(
      await moduleCycles({
        'src/server/modules/cards/service.ts':
          'import type { Lead } from "../leads";\nexport const cardName = (l?: Lead) => "card" + (l ?? "");\n',
        'src/server/modules/leads/index.ts': 'export { leadsRoutes } from "./routes";\nexport type Lead = string;\n',
      }),
    ).toEqual([]);
  });
});
