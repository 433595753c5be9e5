/**
 * Bad input never 500s: a few thousand generated requests over every
 * route of the route table — hostile path parameters, query strings and bodies (NUL and other
 * control characters, huge and negative numbers, wrong types, empty and malformed bodies), as
 * anonymous, investor, broker and admin callers — must never get a 5xx answer.
 * Seeded, so a failure prints the seed and the request that reproduces it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { RouteEntry } from './context';
import { createTestApp, type TestUser } from '../../tests/helpers/app';
import { startFakeHubspot } from '../../tests/helpers/fake-hubspot';

// A HubSpot that refuses every token: a generated token is answered 400 and no request leaves the machine.
const hubspot = await startFakeHubspot({ tokens: [] });
afterAll(() => hubspot.close());
const appEnv = { env: { HUBSPOT_API_BASE: hubspot.base } };

const REQUESTS = 3000;
/** Bounded in time: on a loaded machine the run stops early rather than failing on a timeout. */
const TIME_BUDGET_MS = 150_000;

/** mulberry32: a tiny seeded generator, so a failing run can be replayed with FUZZ_SEED. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  'villa under 3000000000',
  'apartment between 99999999999 and 1',
  '3000000000',
  '-1',
  '1e309',
  'NaN',
  '',
  ' ',
  'x'.repeat(5000),
  '%',
  "'; drop table users; --",
  'شقة في دبي مارينا',
  '😀',
  '\ud800',
  '../../etc/passwd',
  'null',
  'true',
];
const NASTY_VALUES: unknown[] = [
  ...NASTY_STRINGS,
  null,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53,
  1e308,
  true,
  [],
  ['\u0000'],
  {},
  { a: '\u0000' },
];

/** Percent-encodes; a lone surrogate becomes an invalid UTF-8 byte instead. */
function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%FF';
  }
}

/** The object keys a zod schema (possibly wrapped in preprocess/refine/pipe) accepts. */
function keysOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 6) return [];
  const s = schema as { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } };
  if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
  const def = s._zod?.def ?? {};
  for (const inner of [def.in, def.out, def.innerType, def.schema]) {
    const keys = keysOf(inner, depth + 1);
    if (keys.length) return keys;
  }
  return [];
}

describe('fuzzing every route', () => {
  it('answers no generated request with a 5xx', { timeout: 300_000 }, async () => {
    const t = await createTestApp(appEnv);
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
    const rand = rng(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];

    let callers: (TestUser | null)[] = [];
    const refreshCallers = async () => {
      callers = [
        null,
        await t.signUp({ role: 'investor' }),
        await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' }),
        await t.signUp({ role: 'real_estate_developer' }),
        await t.signInAdmin(),
      ];
    };
    await refreshCallers();
    const broker = callers[2] as TestUser;
    const card = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      as: broker,
      payload: { name: 'Fuzz Broker', profession: 'Broker' },
    });
    const ids = [
      '00000000-0000-0000-0000-000000000000',
      crypto.randomUUID(),
      broker.user.id,
      ...(card.statusCode === 201 ? [card.json().id as string] : []),
    ];

    const routes = t.app.routeTable.filter((r: RouteEntry) => !r.websocket && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(40);

    const failures: string[] = [];
    const covered = new Set<string>();
    const started = Date.now();
    let sent = 0;
    for (; sent < REQUESTS && Date.now() - started < TIME_BUDGET_MS; sent++) {
      if (sent % 500 === 499) await refreshCallers(); // fuzzed logouts and deletions end sessions
      const route = routes[sent % routes.length];
      const url = route.url.replace(/:(\w+)/g, () => enc(String(rand() < 0.6 ? pick(ids) : pick(NASTY_STRINGS))));
      const queryKeys = keysOf(route.schema?.querystring);
      const query: Record<string, string> = {};
      for (const key of queryKeys.length ? queryKeys : ['search', 'q', 'limit', 'offset']) {
        if (rand() < 0.5) query[key] = String(pick(NASTY_VALUES));
      }
      const search = Object.entries(query)
        .map(([k, v]) => `${k}=${enc(v)}`)
        .join('&');
      const opts: InjectOptions & { as?: TestUser } = {
        method: route.method as InjectOptions['method'],
        url: search ? `${url}?${search}` : url,
      };
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) {
        const r = rand();
        if (r < 0.1) {
          opts.payload = '{"broken json';
          opts.headers = { 'content-type': 'application/json' };
        } else if (r < 0.2) {
          opts.payload = {};
        } else {
          const body: Record<string, unknown> = {};
          for (const key of keysOf(route.schema?.body)) if (rand() < 0.7) body[key] = pick(NASTY_VALUES);
          opts.payload = body;
        }
      }
      opts.as = pick(callers) ?? undefined;
      const res = await t.inject(opts);
      covered.add(`${route.method} ${route.url}`);
      if (res.statusCode >= 500) {
        failures.push(
          `${res.statusCode} ${route.method} ${url} query=${JSON.stringify(query)} body=${JSON.stringify(opts.payload)?.slice(0, 300)} → ${res.body.slice(0, 200)}`,
        );
      }
    }
    expect(failures, `seed ${seed}, ${sent} requests`).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(Math.min(REQUESTS, routes.length * 3));
    expect(covered.size).toBe(routes.length);
  });
});

describe('bodies that are not objects, and broken multipart', () => {
  it('answers null, a list, numbers, strings and booleans as the JSON body of every route with a 4xx, never a 5xx', {
    timeout: 300_000,
  }, async () => {
    const t = await createTestApp(appEnv);
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const admin = await t.signInAdmin();
    const routes = t.app.routeTable.filter(
      (r: RouteEntry) => !r.websocket && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
    );
    const id = crypto.randomUUID();
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, id);
      for (const body of ['null', '[]', '0', '42', '"text"', 'true']) {
        const res = await t.inject({
          method: route.method as InjectOptions['method'],
          url,
          payload: body,
          headers: { 'content-type': 'application/json' },
          as: route.url.startsWith('/api/admin') ? admin : broker,
        });
        if (res.statusCode >= 500)
          failures.push(`${res.statusCode} ${route.method} ${url} body=${body} → ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a multipart upload without a boundary, or cut before its closing boundary, with a 400 in our shape', async () => {
    const t = await createTestApp(appEnv);
    const user = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const noBoundary = await t.inject({
      method: 'POST',
      url: '/api/uploads/images',
      payload: 'whatever',
      headers: { 'content-type': 'multipart/form-data' },
      as: user,
    });
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    expect(noBoundary.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });

    const cut = [
      '--XyZ',
      'Content-Disposition: form-data; name="file"; filename="a.png"',
      'Content-Type: image/png',
      '',
      '\u0089PNG\r\n\u001a\n not a whole file',
    ].join('\r\n');
    const premature = await t.inject({
      method: 'POST',
      url: '/api/uploads/images',
      payload: cut,
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
      as: user,
    });
    expect(premature.statusCode, premature.body).toBe(400);
    expect(premature.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
