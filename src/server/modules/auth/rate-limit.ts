/**
 * Failed sign-in counter: more than LIMITS.loginFailuresPerMinute failures in a minute for one
 * e-mail or one address answers 429 (issue 2). Kept in process memory: a sliding window of
 * timestamps per key, pruned as it is read.
 */
export class FailureLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs = 60_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  isBlocked(keys: string[], now = Date.now()): boolean {
    return keys.some((k) => this.recent(k, now).length >= this.max);
  }

  fail(keys: string[], now = Date.now()): void {
    for (const k of keys) this.hits.set(k, [...this.recent(k, now), now]);
    if (this.hits.size > 50_000) this.hits.clear(); // bound memory under a flood
  }

  reset(keys: string[]): void {
    for (const k of keys) this.hits.delete(k);
  }
}
