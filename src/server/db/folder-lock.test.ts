/**
 * One writer per embedded folder (issue 12 "Done when"): a second server process on the same
 * data folder refuses to start with a message naming the folder and DATABASE_URL, and the first
 * keeps working; a lock left by a dead process is taken over.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { usePostgres } from '../../../tests/helpers/test-db';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { FolderLockedError, lockFolder } from './folder-lock';
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
});
