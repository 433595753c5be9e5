/**
 * Sessions built only when read. A visitor without a session cookie costs no session:
 * none is built, stored or sent. Reading the session, signing in, a stale cookie and a signed-in
 * visitor behave exactly as with @fastify/session alone. Sessions are counted through the
 * plugin's id generator, which runs once for every session it builds.
 */
import crypto from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerSessions, sessionUntouched } from './deferred-session';

let app: FastifyInstance;
let built = 0;
const stored = new Map<string, unknown>();

beforeAll(async () => {
  app = Fastify();
  await app.register(fastifyCookie);
  await registerSessions(app, {
    secret: 'a-test-secret-that-is-at-least-32-characters',
    cookieName: 'sid',
    saveUninitialized: false,
    cookie: { secure: false, path: '/' },
    idGenerator: () => {
      built += 1;
      return crypto.randomUUID();
    },
    store: {
      set: (sid, session, cb) => {
        stored.set(sid, JSON.parse(JSON.stringify(session)));
        cb();
      },
      get: (sid, cb) => cb(null, (stored.get(sid) as never) ?? null),
      destroy: (sid, cb) => {
        stored.delete(sid);
        cb();
      },
    },
  });
  app.get('/public', async (request) => ({ untouched: sessionUntouched(request) }));
  app.get('/read', async (request) => ({
    userId: request.session.userId ?? null,
    untouched: sessionUntouched(request),
  }));
  app.post('/login', async (request) => {
    await request.session.regenerate();
    request.session.userId = 'user-1';
    return { ok: true };
  });
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  built = 0;
  stored.clear();
});

const cookieOf = (setCookie: string | string[] | undefined) =>
  String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0];

describe('a visitor without a session cookie', () => {
  it('gets an answer with no session built, stored or sent', async () => {
    const res = await app.inject({ method: 'GET', url: '/public' });
    expect(res.json()).toEqual({ untouched: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(built).toBe(0);
    expect(stored.size).toBe(0);
  });

  it('gets a real, empty session when code reads it, still not stored or sent', async () => {
    const res = await app.inject({ method: 'GET', url: '/read' });
    expect(res.json()).toEqual({ userId: null, untouched: false });
    expect(built).toBe(1);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(stored.size).toBe(0);
  });

  it('signs in: the session is stored, its cookie sent, and the next request knows the user', async () => {
    const login = await app.inject({ method: 'POST', url: '/login' });
    expect(login.statusCode).toBe(200);
    expect(stored.size).toBe(1);
    const cookie = cookieOf(login.headers['set-cookie']);
    expect(cookie).toMatch(/^sid=/);

    const next = await app.inject({ method: 'GET', url: '/read', headers: { cookie } });
    expect(next.json()).toEqual({ userId: 'user-1', untouched: false });
    // A request with the cookie goes through the plugin as before, even on a route that never reads it.
    expect((await app.inject({ method: 'GET', url: '/public', headers: { cookie } })).json()).toEqual({
      untouched: false,
    });
  });
});

describe('a visitor with a stale or forged cookie', () => {
  it('is nobody, and the cookie is cleared as @fastify/session does', async () => {
    const res = await app.inject({ method: 'GET', url: '/read', headers: { cookie: 'sid=forged.value' } });
    expect(res.json()).toEqual({ userId: null, untouched: false });
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(stored.size).toBe(0);
  });
});
