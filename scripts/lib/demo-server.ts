/**
 * The production build on an embedded database with the demo data, on a free port, for the
 * benchmarks that look at the product as a visitor does (bench:web, bench:search). Builds first
 * when dist/ is missing; the data folder is temporary and removed on stop.
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface DemoServer {
  base: string;
  stop(): Promise<void>;
}

/** `env` adds or overrides settings of the server (e.g. TRUST_PROXY). */
export async function startDemoServer(env: Record<string, string> = {}): Promise<DemoServer> {
  if (
    !fs.existsSync(path.join(ROOT, 'dist/server/main.js')) ||
    !fs.existsSync(path.join(ROOT, 'dist/web/index.html'))
  ) {
    console.log('dist/ is missing: building (npm run build)…');
    execSync('npx vite build && npm run build:server', { cwd: ROOT, stdio: 'inherit' });
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitaqa-bench-demo-'));
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      // The embedded database, whatever the shell has set.
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL')),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Production refuses a plain-http site address (secure cookies, links in e-mails). The bench
      // talks plain HTTP to the same host and port; the address only names the site.
      PUBLIC_URL: base.replace('http://', 'https://'),
      SESSION_SECRET: 'bench-demo-secret-bench-demo-secret-0123',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'bench-demo-admin-password',
      SEED_DEMO: 'true',
      PAYMENTS: 'test',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with code ${server.exitCode}`);
    }
    try {
      if ((await fetch(`${base}/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, stop };
}
