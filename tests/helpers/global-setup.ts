/**
 * Vitest global setup: migrate once per run, then every test file starts from that state.
 * - PGlite: a migrated cluster is dumped to a temporary tarball; each file loads it.
 * - PostgreSQL: a migrated template database, named per run so concurrent runs on one server
 *   (CI beside a developer, two worktrees) never drop each other's template.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedPglite, openDatabase } from '../../src/server/db/client';
import { buildServerBundle } from './server-process';
import { adminQuery, usePostgres } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of the migrated cluster dump. */
    pgliteDump: string;
    /** PostgreSQL: name of this run's migrated template database. */
    templateDb: string;
    /** PGlite: a closed, migrated embedded database folder for spawned servers to start from. */
    pgliteFolder: string;
  }
}

export default async function setup(project: TestProject) {
  // Server processes (shutdown, folder lock, scale-out) start from the compiled bundle.
  buildServerBundle();
  if (!usePostgres) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitaqa-pglite-'));
    const file = path.join(dir, 'migrated.tar');
    const dump = await dumpMigratedPglite();
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    // The same migrated cluster as a folder on disk, for spawned servers' DATA_DIR/db.
    const folder = path.join(dir, 'db');
    const database = await openDatabase({ kind: 'pglite', dataDir: folder, loadDataDir: dump });
    await database.close();
    project.provide('pgliteDump', file);
    project.provide('pgliteFolder', folder);
    project.provide('templateDb', '');
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const template = process.env.TEST_TEMPLATE_DB ?? `bitaqa_tpl_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const base = process.env.TEST_DATABASE_URL as string;
  await adminQuery(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${template}`);
  const u = new URL(base);
  u.pathname = `/${template}`;
  const db = await openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 1 });
  await db.close();
  project.provide('pgliteDump', '');
  project.provide('pgliteFolder', '');
  project.provide('templateDb', template);
  return async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
