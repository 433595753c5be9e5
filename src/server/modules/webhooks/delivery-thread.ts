/**
 * The webhook delivery worker's thread (started by ./thread.ts): its own PostgreSQL pool, its own
 * LISTEN connection and the whole claim loop, so signing, JSON, the HTTP client and the database
 * calls of every delivery run beside the app's event loop instead of on it. The app's thread only
 * passes on its clock (tests move it) and asks for drains and the stop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { openDatabase } from '../../db/client';
import { systemResolver } from './address-guard';
import type { ThreadData, ToThread } from './thread';
import { WebhookWorker } from './worker';

const data = workerData as ThreadData;
const port = parentPort;
if (!port) throw new Error('delivery-thread.ts runs only as a worker thread');

// The app's clock, as an offset from this thread's: every message carries the app's "now".
let offset = data.now - Date.now();
const destination = pino.destination({ fd: 1, sync: false });
const log = pino({ level: data.logLevel, base: { component: 'webhooks', thread: 'delivery' } }, destination);

// The app process migrated the schema before it started this thread.
const database = await openDatabase({ kind: 'postgres', url: data.url, poolSize: data.poolSize, migrate: false });
const worker = new WebhookWorker(database, log, {
  ...data.options,
  totpKey: Buffer.from(data.options.totpKey),
  resolve: systemResolver,
  clock: () => new Date(Date.now() + offset),
});

port.on('message', (m: ToThread) => {
  if (m.now !== undefined) offset = m.now - Date.now();
  const answer = (p: Promise<void>) =>
    p.then(
      () => port.postMessage({ type: 'done', id: m.id, stats: worker.stats }),
      (err: unknown) => port.postMessage({ type: 'failed', id: m.id, message: String((err as Error)?.message ?? err) }),
    );
  if (m.type === 'kick') void answer(worker.kick());
  else if (m.type === 'close')
    void answer(
      (async () => {
        await worker.close();
        await database.close();
        destination.flushSync();
      })(),
    ).then(() => port.close());
});

await worker.start();
log.info({ worker: worker.id }, 'webhook delivery thread started');
port.postMessage({ type: 'ready' });
