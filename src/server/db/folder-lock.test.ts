/**
 * One writer per embedded folder: a second server process on the same
 * data folder refuses to start with a message naming the folder and DATABASE_URL, and the first
 * keeps working; a lock left by a dead process is taken over.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { usePostgres } from '../../../tests/helpers/test-db';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { FolderLockedError, lockFolder, processStartTime } from './folder-lock';
import { SERVER_BUNDLE, type ServerProcess, serverEnv, spawnServer } from '../../../tests/helpers/server-process';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bitaqa-lock-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

// The servers it starts run on an embedded database whatever TEST_TARGET says: the PGlite run
// covers this file, and the PostgreSQL run would only repeat it.
describe.skipIf(usePostgres)('embedded folder lock', () => {
  it('lets one server process open a data folder and refuses the second', { timeout: 300_000 }, async () => {
    const env = serverEnv({ DATA_DIR: path.join(tmp, 'shared') });
    const first: ServerProcess = await spawnServer(env, {
      entry: SERVER_BUNDLE,
      databaseFolder: inject('pgliteFolder'),
    });
    try {
      const second = await spawnServer(env, { entry: SERVER_BUNDLE }).then(
        (p) => p,
        (err: Error & { code?: number; out?: string }) => err,
      );
      expect(second).toBeInstanceOf(Error);
      const { code, out } = second as Error & { code?: number; out?: string };
      expect(code).toBe(1);
      expect(out).toContain(path.join(tmp, 'shared', 'db'));
      expect(out).toContain('DATABASE_URL');
      expect(out).toContain(`process ${first.child.pid}`);

      // The first one is untouched: it still serves reads and writes.
      const ready = await fetch(`${first.url}/health/ready`);
      expect(ready.status).toBe(200);
      // A write: signing in stores a session.
      const signIn = await fetch(`${first.url}/api/auth/admin-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin-password-1' }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // A clean stop leaves no lock behind: the next start succeeds.
    expect(fs.existsSync(path.join(tmp, 'shared', 'db.lock'))).toBe(false);
  });

  it('takes over the lock of a process that no longer exists', () => {
    const folder = path.join(tmp, 'stale');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid as number;
    fs.writeFileSync(`${folder}.lock`, JSON.stringify({ pid: dead, host: os.hostname() }));
    const lock = lockFolder(folder);
    expect(JSON.parse(fs.readFileSync(`${folder}.lock`, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(`${folder}.lock`)).toBe(false);
  });

  it('refuses a lock held by a live process or by another host', () => {
    const folder = path.join(tmp, 'held');
    fs.writeFileSync(`${folder}.lock`, JSON.stringify({ pid: process.ppid, host: os.hostname() }));
    expect(() => lockFolder(folder)).toThrow(FolderLockedError);
    fs.writeFileSync(`${folder}.lock`, JSON.stringify({ pid: 1, host: 'another-machine' }));
    expect(() => lockFolder(folder)).toThrow(/another-machine/);
  });

  it('takes over a lock left by an earlier pid 1 (a container restarted after kill -9), though pid 1 is alive', () => {
    const folder = path.join(tmp, 'pid-one');
    // What the app, run as pid 1, left behind: pid 1 is alive again (another process now), its
    // start time is not the one recorded, and the token was never this process's.
    fs.writeFileSync(
      `${folder}.lock`,
      JSON.stringify({ pid: 1, host: os.hostname(), token: 'a'.repeat(32), startTime: 'not-this-start' }),
    );
    expect(processStartTime(1)).not.toBe('not-this-start');
    const lock = lockFolder(folder);
    const taken = JSON.parse(fs.readFileSync(`${folder}.lock`, 'utf8'));
    expect(taken.pid).toBe(process.pid);
    expect(taken.token).not.toBe('a'.repeat(32));
    lock.release();
    expect(fs.existsSync(`${folder}.lock`)).toBe(false);
  });

  it('takes over a lock naming our own pid with a token this process never issued', () => {
    const folder = path.join(tmp, 'own-pid');
    // A restarted container's app gets the same pid as its previous life; that pid is us now.
    fs.writeFileSync(
      `${folder}.lock`,
      JSON.stringify({
        pid: process.pid,
        host: os.hostname(),
        token: 'b'.repeat(32),
        startTime: processStartTime(process.pid),
      }),
    );
    const lock = lockFolder(folder);
    expect(JSON.parse(fs.readFileSync(`${folder}.lock`, 'utf8')).token).not.toBe('b'.repeat(32));
    // While we hold it, a second open in this very process is refused: the token is ours.
    expect(() => lockFolder(folder)).toThrow(FolderLockedError);
    lock.release();
    expect(fs.existsSync(`${folder}.lock`)).toBe(false);
  });

  it('takes over a lock whose pid now belongs to a process that started later (pid reused)', () => {
    const folder = path.join(tmp, 'reused');
    fs.writeFileSync(
      `${folder}.lock`,
      JSON.stringify({ pid: process.ppid, host: os.hostname(), token: 'c'.repeat(32), startTime: '1' }),
    );
    lockFolder(folder).release();
    expect(fs.existsSync(`${folder}.lock`)).toBe(false);
  });

  it('refuses a lock held by another live process with a message naming it, and takes it once that process is gone', async () => {
    const folder = path.join(tmp, 'live-child');
    const module = path.join(import.meta.dirname, 'folder-lock.ts');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { lockFolder } from ${JSON.stringify(module)};
         lockFolder(${JSON.stringify(folder)});
         console.log('locked');
         process.stdin.resume();`,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('locked')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`lock holder exited (${code}) before locking`)));
      });
      let refusal: unknown;
      try {
        lockFolder(folder);
      } catch (err) {
        refusal = err;
      }
      expect(refusal).toBeInstanceOf(FolderLockedError);
      const message = (refusal as Error).message;
      expect(message).toContain(`already in use by process ${child.pid} on ${os.hostname()}`);
      expect(message).toContain('DATABASE_URL');
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    // Killed without releasing: its lock is stale now and is taken over.
    expect(fs.existsSync(`${folder}.lock`)).toBe(true);
    const lock = lockFolder(folder);
    expect(JSON.parse(fs.readFileSync(`${folder}.lock`, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });
});
