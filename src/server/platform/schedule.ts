/**
 * The app's periodic jobs (subscription expiry, follow-up reminders, the registers' day, permit
 * notices): each runs on a timer once the app is ready and stops when it closes. Every process
 * runs them; each job's own claims keep two processes from doing the same work twice.
 */
import type { FastifyBaseLogger } from 'fastify';

/** The app's lifecycle hooks a job hangs on (Fastify's onReady and onClose). */
export interface JobHooks {
  onReady(fn: () => Promise<void>): void;
  onClose(fn: () => Promise<void>): void;
}

/**
 * Runs `task` every `everyMs` (and once when the app is ready, with `atStart`). A tick that comes
 * while the last run is still going is skipped rather than run beside it; a failed run is logged
 * and the next tick tries again. The timer never keeps the process alive.
 */
export function scheduleEvery(
  hooks: JobHooks,
  log: FastifyBaseLogger,
  job: { name: string; everyMs: number; atStart?: boolean },
  task: () => Promise<unknown>,
): void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (err) {
      log.warn({ err }, `${job.name} failed`);
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | null = null;
  hooks.onReady(async () => {
    if (job.atStart) await run();
    timer = setInterval(() => void run(), job.everyMs);
    timer.unref();
  });
  hooks.onClose(async () => {
    if (timer) clearInterval(timer);
  });
}
