/**
 * The import rules of .dependency-cruiser.cjs catch what they are for: run on a small
 * fixture tree, they report exactly its deliberate cross-feature, cross-repository and core → server
 * imports and nothing else; on the real tree, `npm run lint:imports` (scripts/test.sh) must pass.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type IConfiguration, type IViolation } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;
const fixture = path.join(root, 'tests/fixtures/import-rules');

async function violationsIn(baseDir: string): Promise<IViolation[]> {
  const result = await cruise(
    ['src'],
    {
      baseDir,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      tsPreCompilationDeps: true,
      exclude: { path: 'node_modules' },
    },
    { extensions: ['.ts', '.tsx', '.js', '.json'] },
  );
  if (typeof result.output === 'string') throw new Error('expected a JSON result');
  return result.output.summary.violations;
}

describe('import rules', () => {
  it('report each deliberate violation of the fixture by its rule, and nothing allowed', async () => {
    const found = (await violationsIn(fixture)).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
    expect(found).toEqual([
      'core-is-pure: src/core/rules.ts → src/server/modules/orders/service.ts',
      'module-through-index: src/server/modules/orders/service.ts → src/server/modules/stock/repository.ts',
      'no-cross-feature: src/web/features/alpha/alpha-page.ts → src/web/features/beta/beta-card.ts',
      'no-other-module-repository: src/server/modules/orders/service.ts → src/server/modules/stock/repository.ts',
      'outside-through-index: src/core/rules.ts → src/server/modules/orders/service.ts',
    ]);
  });
});
