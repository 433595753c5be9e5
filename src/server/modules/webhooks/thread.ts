/**
 * The delivery worker in a thread of its own (`DELIVERY_WORKER=thread`, the default on
 * PostgreSQL). Each delivery costs about 2.4 ms of CPU (HMAC, JSON, the HTTP client, the SSRF
 * check, the pg driver); on the event loop that answers requests, a burst of deliveries made the
 * API's tail latency grow with it. The thread (./delivery-thread.ts) opens its own pool and
 * LISTEN connection and runs the same claim loop, so claims stay exactly-once across threads and
 * processes by the same `FOR UPDATE SKIP LOCKED` leases. Only the embedded database cannot do
 * this (one process, one connection, opened by the app): there the worker stays inline.
 *
 * This class stands in for the worker on the app's side: `drain()` and `kick()` are messages
 * answered when the thread's loop has worked everything due, `close()` stops the loop (attempts
 * on the wire finish, claims not yet sent are handed back) and ends the thread.
 */
import { Worker } from 'node:worker_threads';
import type { DeliveryWorker, WebhookWorkerOptions } from './worker';

/** What the thread is started with (structured-cloned: no functions). */
export interface ThreadData {
  url: string;
  poolSize: number;
  options: Omit<WebhookWorkerOptions, 'clock' | 'resolve'>;
  logLevel: string;
  /** The app's clock at the start, in ms. */
  now: number;
}

export type ToThread = { type: 'kick' | 'close'; id: number; now?: number };
type FromThread =
  | { type: 'ready' }
  | { type: 'done'; id: number; stats: DeliveryWorker['stats'] }
  | { type: 'failed'; id: number; message: string };

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** After an unexpected end of the thread, the next one starts this much later. */
const RESTART_MS = 1_000;
/** After its loop and pool closed, the thread is ended if it has not ended by itself within this. */
const STOP_GRACE_MS = 2_000;

/** Starts the thread from source (tests, `tsx`) or from the bundle beside dist/server/main.js. */
function spawn(data: ThreadData): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // A worker's entry is loaded before any --import hook runs: register tsx first, then import.
    const entry = new URL('./delivery-thread.ts', here).href;
    return new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`,
      { eval: true, workerData: data },
    );
  }
  return new Worker(new URL('./delivery-thread.js', here), { workerData: data });
}

export class ThreadedWebhookWorker implements DeliveryWorker {
  readonly stats = { delivered: 0, failed: 0, attempts: 0 };
  private thread: Worker | null = null;
  private ready: Promise<void> | null = null;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  private seq = 0;
  private closed = false;
  private restart: NodeJS.Timeout | null = null;
  /** Stats of threads that ended, so `stats` counts the whole life of this worker. */
  private readonly before = { delivered: 0, failed: 0, attempts: 0 };

  constructor(
    private readonly c: {
      url: string;
      poolSize: number;
      options: WebhookWorkerOptions;
      log: Log;
      logLevel: string;
    },
  ) {}

  start(): Promise<void> {
    if (this.closed) return Promise.resolve();
    const { clock, resolve: _resolve, ...options } = this.c.options;
    const thread = spawn({
      url: this.c.url,
      poolSize: this.c.poolSize,
      options,
      logLevel: this.c.logLevel,
      now: clock().getTime(),
    });
    this.thread = thread;
    this.ready = new Promise<void>((resolve) => {
      let started = false;
      thread.on('message', (m: FromThread) => {
        if (m.type === 'ready') {
          started = true;
          resolve();
          return;
        }
        if (m.type === 'done') {
          this.stats.delivered = this.before.delivered + m.stats.delivered;
          this.stats.failed = this.before.failed + m.stats.failed;
          this.stats.attempts = this.before.attempts + m.stats.attempts;
        }
        const w = this.waiting.get(m.id);
        if (!w) return;
        this.waiting.delete(m.id);
        if (m.type === 'done') w.resolve();
        else w.reject(new Error(m.message));
      });
      thread.on('error', (err) => this.c.log.error({ err }, 'webhook delivery thread failed'));
      thread.on('exit', (code) => {
        if (this.thread === thread) this.thread = null;
        Object.assign(this.before, this.stats);
        for (const w of this.waiting.values()) w.reject(new Error(`webhook delivery thread ended (${code})`));
        this.waiting.clear();
        // Never left waiting: the app starts (or closes) whether or not the thread did.
        if (!started) resolve();
        if (this.closed) return;
        this.c.log.warn({ code }, 'webhook delivery thread ended; starting another');
        this.restart = setTimeout(() => {
          this.restart = null;
          void this.start();
        }, RESTART_MS);
        this.restart.unref();
      });
    });
    return this.ready;
  }

  private async ask(type: ToThread['type']): Promise<void> {
    await this.ready;
    const thread = this.thread;
    if (!thread) throw new Error('webhook delivery thread is not running');
    const id = ++this.seq;
    const done = new Promise<void>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    thread.postMessage({ type, id, now: this.c.options.clock().getTime() } satisfies ToThread);
    return done;
  }

  kick(): Promise<void> {
    return this.closed ? Promise.resolve() : this.ask('kick');
  }

  drain(): Promise<void> {
    return this.kick();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.restart) clearTimeout(this.restart);
    this.restart = null;
    await this.ready;
    const thread = this.thread;
    if (!thread) return;
    const ended = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
    try {
      await this.ask('close');
    } catch (err) {
      this.c.log.warn({ err }, 'webhook delivery thread did not stop cleanly; its leases will run out');
      await thread.terminate();
    }
    // Stopped and closed its pool: the thread ends by itself; a handle left open must not hold the app.
    const stuck = setTimeout(() => void thread.terminate(), STOP_GRACE_MS);
    await ended;
    clearTimeout(stuck);
  }
}
