/**
 * The real server as a child process (`src/server/main.ts` through tsx, or the compiled bundle),
 * for tests about what an operator sees: crashes, exit codes, signals, several processes.
 * The port is chosen by the OS (PORT=0) and read from the "listening" log line.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const MAX_OUTPUT = 4 * 1024 * 1024;

/** The compiled server, as `npm run serve` runs it (relative to the repository). */
export const SERVER_BUNDLE = 'dist/server/main.js';

/**
 * Compiles the server as `npm run build:server` does (esbuild, under a second). Test runs build it
 * once (vitest's global setup) and start every server process from it: through tsx each process
 * compiled the whole server again, several seconds of CPU per start.
 */
export function buildServerBundle(): void {
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: REPO_ROOT, stdio: 'ignore' });
}

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:PORT once listening. */
  url: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal name) when the process ends. */
  exited: Promise<number | string>;
  /** Sends a signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** Environment for a test server: silent demo data off, its own data folder, random port. */
export function serverEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    DATA_DIR: path.join(os.tmpdir(), `bitaqa-proc-${crypto.randomBytes(4).toString('hex')}`),
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-password-1',
    SEED_DEMO: 'false',
    ...overrides,
  };
}

/**
 * Starts the server and resolves once it listens; rejects with its output if it exits first.
 * `entry` is the script to run (default the TypeScript source through tsx). `databaseFolder`: an
 * embedded database folder (closed, migrated) copied to DATA_DIR/db first, so the process opens a
 * migrated database instead of creating and migrating a new one (seconds per start).
 */
export function spawnServer(
  env: Record<string, string>,
  opts: { entry?: string; waitForListen?: boolean; databaseFolder?: string } = {},
): Promise<ServerProcess> {
  const entry = opts.entry ?? 'src/server/main.ts';
  if (opts.databaseFolder) {
    const target = path.join(env.DATA_DIR, 'db');
    if (!fs.existsSync(target)) fs.cpSync(opts.databaseFolder, target, { recursive: true });
  }
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  const { PORT: _p, DATABASE_URL: _d, ...inherited } = process.env;
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const proc: ServerProcess = {
    child,
    url: '',
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      // A long-lived server (a browser-test worker's) logs every request: keep the recent part.
      if (out.length > MAX_OUTPUT) out = out.slice(-MAX_OUTPUT / 2);
      if (!proc.url) {
        const m = out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
        if (m) {
          proc.url = m[1];
          resolve(proc);
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    if (opts.waitForListen === false) resolve(proc);
    void exited.then((code) => {
      if (!proc.url)
        reject(Object.assign(new Error(`server exited (${code}) before listening:\n${out}`), { code, out }));
    });
  });
}
