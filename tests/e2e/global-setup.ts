/**
 * Once per browser-test run: compile the server and seed the demo data into a data folder. Each
 * worker's server then starts from the compiled bundle on a copy of that folder, instead of
 * compiling the TypeScript through tsx and creating, migrating and seeding a database of its own
 * (about 15 s of CPU per worker).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServerBundle, SERVER_BUNDLE, spawnServer } from '../helpers/server-process';
import { E2E_TEMPLATE_VAR, e2eServerEnv } from './server-env';

export default async function globalSetup() {
  buildServerBundle();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitaqa-e2e-template-'));
  // The server seeds before it listens; stopping it then leaves a closed, seeded folder.
  const proc = await spawnServer(e2eServerEnv({ PORT: '0', PUBLIC_URL: 'http://127.0.0.1', DATA_DIR: dataDir }), {
    entry: SERVER_BUNDLE,
  });
  const code = await proc.stop();
  if (code !== 0) throw new Error(`the seeding server exited with ${code}:\n${proc.output()}`);
  // Workers start after the global setup and inherit its environment.
  process.env[E2E_TEMPLATE_VAR] = dataDir;
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
