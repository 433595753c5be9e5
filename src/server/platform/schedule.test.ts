/**
 * The periodic jobs' timer: runs on its interval once the app is ready (and at start when asked),
 * never two runs of one job at a time, keeps going after a failed run, and stops when the app closes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type JobHooks, scheduleEvery } from './schedule';

function app() {
  const ready: (() => Promise<void>)[] = [];
  const close: (() => Promise<void>)[] = [];
  const hooks: JobHooks = { onReady: (fn) => ready.push(fn), onClose: (fn) => close.push(fn) };
  const warnings: string[] = [];
  const log = { warn: (_o: object, msg: string) => warnings.push(msg) } as never;
  return {
    hooks,
    log,
    warnings,
    ready: () => Promise.all(ready.map((fn) => fn())),
    close: () => Promise.all(close.map((fn) => fn())),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scheduleEvery', () => {
  it('runs on each tick once the app is ready, at start only when asked, and not after close', async () => {
    for (const atStart of [false, true]) {
      const a = app();
      let runs = 0;
      scheduleEvery(a.hooks, a.log, { name: 'job', everyMs: 1_000, atStart }, async () => {
        runs++;
      });
      await vi.advanceTimersByTimeAsync(5_000);
      expect(runs, 'before ready').toBe(0);
      await a.ready();
      expect(runs).toBe(atStart ? 1 : 0);
      await vi.advanceTimersByTimeAsync(3_000);
      expect(runs).toBe(atStart ? 4 : 3);
      await a.close();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(runs).toBe(atStart ? 4 : 3);
    }
  });

  it('skips a tick while the last run still goes, and logs a failed run and carries on', async () => {
    const a = app();
    let started = 0;
    let finish: () => void = () => undefined;
    scheduleEvery(a.hooks, a.log, { name: 'slow job', everyMs: 1_000 }, () => {
      started++;
      if (started === 1) return new Promise<void>((resolve) => (finish = resolve));
      if (started === 2) return Promise.reject(new Error('database away'));
      return Promise.resolve();
    });
    await a.ready();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
    expect(a.warnings).toEqual(['slow job failed']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(3);
    await a.close();
  });
});
