/**
 * One writer per embedded data folder. PGlite is a single-process database: two
 * processes on one folder both "work" and then lose each other's writes or corrupt the cluster.
 * The folder is opened under an exclusive lock file beside it (`<folder>.lock`) holding the
 * holder's pid and host; a second process refuses to start. A lock left by a process that no
 * longer exists on this host is taken over, one taker at a time.
 */
import fs from 'node:fs';
import os from 'node:os';

export class FolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database folder ${folder} is already in use by process ${holder.pid} on ${holder.host}. ` +
        'Only one process can open an embedded database; to run several app processes, use a PostgreSQL server ' +
        '(set DATABASE_URL=postgres://…).',
    );
  }
}

export interface LockHolder {
  pid: number;
  host: string;
  since?: string;
}

export interface FolderLock {
  readonly file: string;
  release(): void;
}

/** A takeover marker older than this was left by a process that died mid-takeover. */
const TAKEOVER_STALE_MS = 30_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') return parsed as LockHolder;
  } catch {
    // missing or half-written: handled by the caller
  }
  return null;
}

function isStale(holder: LockHolder | null): boolean {
  return !!holder && holder.host === os.hostname() && holder.pid !== process.pid && !isAlive(holder.pid);
}

function tryCreate(file: string): boolean {
  try {
    const fd = fs.openSync(file, 'wx', 0o644);
    const me: LockHolder = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
    fs.writeSync(fd, JSON.stringify(me));
    fs.closeSync(fd);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** Removes a dead holder's lock; the `.takeover` marker makes sure only one process does it. */
function takeOverStale(file: string): void {
  const marker = `${file}.takeover`;
  try {
    if (Date.now() - fs.statSync(marker).mtimeMs > TAKEOVER_STALE_MS) fs.rmSync(marker, { force: true });
  } catch {
    // no marker
  }
  let fd: number;
  try {
    fd = fs.openSync(marker, 'wx');
  } catch {
    return; // another process is taking over; the caller re-reads the lock
  }
  try {
    fs.closeSync(fd);
    if (isStale(readHolder(file))) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(marker, { force: true });
  }
}

/** Takes the folder's lock or throws FolderLockedError naming the holder. */
export function lockFolder(folder: string): FolderLock {
  const file = `${folder.replace(/[/\\]+$/, '')}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(file)) {
      return {
        file,
        release() {
          if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
        },
      };
    }
    const holder = readHolder(file);
    if (isStale(holder)) takeOverStale(file);
    else if (holder) throw new FolderLockedError(folder, holder);
    // else: being written this instant, or just removed: try again
  }
  throw new FolderLockedError(folder, readHolder(file) ?? { pid: 0, host: 'unknown' });
}
