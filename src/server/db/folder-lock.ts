/**
 * One writer per embedded data folder. PGlite is a single-process database: two
 * processes on one folder both "work" and then lose each other's writes or corrupt the cluster.
 * The folder is opened under an exclusive lock file beside it (`<folder>.lock`); a second process
 * refuses to start. A lock whose holder is gone is taken over, one taker at a time.
 *
 * "Is the holder gone?" cannot be answered by the pid alone. A container runs the app as pid 1:
 * after a kill -9 and a restart the new process is pid 1 again, and pid 1 is always alive, so a
 * pid-only lock would refuse every start forever. Pids are also reused by unrelated processes.
 * The lock therefore records, besides pid and host:
 * - a random token of the taking process (a lock naming our own pid with a token we never issued
 *   was left by an earlier life of this pid);
 * - the holder's start time in clock ticks since boot (/proc/<pid>/stat field 22): a live process
 *   with that pid but another start time is a newer process that reused the pid;
 * - the kernel's boot id: a lock from an earlier boot is stale whatever its pid.
 * Where /proc is not available (macOS) only the pid and token checks apply.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

export class FolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: LockHolder,
    readonly file = `${folder.replace(/[/\\]+$/, '')}.lock`,
  ) {
    super(
      `The embedded database folder ${folder} is already in use by process ${holder.pid} on ${holder.host}. ` +
        'Only one process can open an embedded database; to run several app processes, use a PostgreSQL server ' +
        '(set DATABASE_URL=postgres://…). If that process is no longer running (for example its container ' +
        `was replaced, so the host name changed), delete ${file}.`,
    );
  }
}

export interface LockHolder {
  pid: number;
  host: string;
  since?: string;
  /** Random per taking; absent in locks written by older versions. */
  token?: string;
  /** The holder's /proc/<pid>/stat start time (clock ticks since boot), when known. */
  startTime?: string | null;
  /** /proc/sys/kernel/random/boot_id when the lock was taken, when known. */
  bootId?: string | null;
}

export interface FolderLock {
  readonly file: string;
  release(): void;
}

/** A takeover marker older than this was left by a process that died mid-takeover. */
const TAKEOVER_STALE_MS = 30_000;

/** Tokens of the locks this process holds now: our own pid with one of these is really us. */
const heldTokens = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Field 22 of /proc/<pid>/stat, or null where there is no /proc (or no such process). */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or ')': fields after it
    // start at the last ')'. The remainder begins with field 3, so field 22 is its 20th word.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return rest[19] ?? null;
  } catch {
    return null;
  }
}

function bootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
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

/** Whether the recorded holder certainly no longer holds the folder. */
function isStale(holder: LockHolder | null): boolean {
  // Another machine's pids and boots cannot be checked from here.
  if (!holder || holder.host !== os.hostname()) return false;
  if (holder.token && heldTokens.has(holder.token)) return false;
  const boot = bootId();
  if (holder.bootId && boot && holder.bootId !== boot) return true;
  // Our own pid, and not a lock we hold: an earlier process that had this pid (pid 1 in a container).
  if (holder.pid === process.pid) return true;
  if (!isAlive(holder.pid)) return true;
  // Alive: the same process only if it started when the holder did.
  const started = processStartTime(holder.pid);
  return !!holder.startTime && !!started && started !== holder.startTime;
}

function tryCreate(file: string, me: LockHolder): boolean {
  try {
    const fd = fs.openSync(file, 'wx', 0o644);
    try {
      fs.writeSync(fd, JSON.stringify(me));
    } finally {
      fs.closeSync(fd);
    }
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
  const me: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    since: new Date().toISOString(),
    token: crypto.randomBytes(16).toString('hex'),
    startTime: processStartTime(process.pid),
    bootId: bootId(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(file, me)) {
      heldTokens.add(me.token as string);
      return {
        file,
        release() {
          heldTokens.delete(me.token as string);
          if (readHolder(file)?.token === me.token) fs.rmSync(file, { force: true });
        },
      };
    }
    const holder = readHolder(file);
    if (isStale(holder)) takeOverStale(file);
    else if (holder) throw new FolderLockedError(folder, holder, file);
    // else: being written this instant, or just removed: try again
  }
  throw new FolderLockedError(folder, readHolder(file) ?? { pid: 0, host: 'unknown' }, file);
}
