/**
 * Mail that cannot be lost: the outbox against a real SMTP server (smtp-server on
 * 127.0.0.1, port 0) that refuses for a while, two workers on one table, and rollbacks.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app';
import { createTestDatabase, usePostgres } from '../../../../tests/helpers/test-db';
import { type Database, openDatabase } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { createMailer, type MailMessage, type Mailer } from './mailer';
import { OutboxWorker, queueMail } from './outbox';
import { renderMail } from './templates';

interface Received {
  to: string;
  messageId: string;
  raw: string;
}

/** A local SMTP server; while `down`, every connection is refused with a 421 (try later). */
async function startSmtp() {
  const received: Received[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const state = { down: true, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      if (!state.down) return callback();
      state.refused += 1;
      const err = Object.assign(new Error('Service not available, try again later'), { responseCode: 421 });
      return callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          raw,
        });
        for (const w of waiters.splice(0)) {
          if (received.length >= w.n) w.resolve();
          else waiters.push(w);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    /** Resolves once `n` messages have arrived. */
    until(n: number) {
      if (received.length >= n) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ n, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const silent = { info() {}, warn() {}, error() {} };

describe('SMTP down for a while', { timeout: 180_000 }, () => {
  it('the requests succeed at once, and every e-mail arrives exactly once when the server is back', async () => {
    const smtp = await startSmtp();
    afterAll(() => smtp.close());
    const t = await createTestApp({
      transport: 'config',
      env: { SMTP_URL: smtp.url },
      outbox: { retryBaseMs: 20, retryMaxMs: 200 },
    });
    const emails = Array.from({ length: 5 }, (_, i) => `outage${i}-${Date.now()}@example.com`);
    for (const email of emails) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email,
          password: 'secret-pass-1',
          confirmPassword: 'secret-pass-1',
          firstName: 'Out',
          lastName: 'Age',
          phoneNumber: '50 123 4567',
          countryCode: '+971',
        },
      });
      // The request does not depend on SMTP: accepted although the server refuses everything.
      expect(res.statusCode).toBe(201);
    }
    expect(smtp.received).toHaveLength(0);
    expect(smtp.state.refused).toBeGreaterThan(0);
    const waiting = await t.database.db.select().from(mailOutbox);
    expect(waiting).toHaveLength(5);
    for (const row of waiting) {
      expect(row.sentAt).toBeNull();
      expect(row.attempts).toBeGreaterThanOrEqual(1);
      expect(row.lastError).toMatch(/421/);
    }

    // The server comes back: the worker's own retry timer delivers, nobody kicks it.
    smtp.state.down = false;
    await smtp.until(5);
    await t.mailer.settle();
    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows.every((r) => r.sentAt !== null && r.failedAt === null)).toBe(true);
    expect(smtp.received.map((m) => m.to).sort()).toEqual([...emails].sort());
    // Exactly once: one delivery per message id, and a later round sends nothing more.
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(5);
    await t.app.ctx.outbox.drain();
    expect(smtp.received).toHaveLength(5);
    const verification = smtp.received[0].raw;
    expect(verification).toMatch(/Subject: Verify your Bitaqa e-mail address/);
  });
});

describe('the outbox table', { timeout: 180_000 }, () => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const d of opened.reverse()) await d.close();
  });

  function recorder(delay = false): Mailer & { sent: MailMessage[] } {
    const sent: MailMessage[] = [];
    return {
      kind: 'outbox',
      sent,
      async send(m) {
        // Yield between sends so two workers really interleave.
        if (delay) await new Promise((r) => setImmediate(r));
        sent.push(m);
      },
    };
  }

  it('two workers (two pools on PostgreSQL) never send the same message twice', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    // A second "process": its own pool on the same PostgreSQL database; PGlite has one process.
    const second =
      usePostgres && database.url ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 3 }) : database;
    if (second !== database) opened.push(second);
    const total = 60;
    for (let i = 0; i < total; i++) {
      await queueMail(database.db, `w${i}@example.com`, renderMail('twoFactorOn', 'en', { name: `N${i}` }));
    }
    const a = recorder(true);
    const b = recorder(true);
    const wa = new OutboxWorker(database, a, silent, { batch: 5 });
    const wb = new OutboxWorker(second, b, silent, { batch: 5 });
    await Promise.all([wa.drain(), wb.drain(), wa.drain(), wb.drain()]);
    await Promise.all([wa.close(), wb.close()]);
    const all = [...a.sent, ...b.sent];
    expect(all).toHaveLength(total);
    expect(new Set(all.map((m) => m.messageId)).size).toBe(total);
    expect(new Set(all.map((m) => m.to)).size).toBe(total);
    const [{ pending }] = await database.db
      .select({ pending: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.sentAt} is null`);
    expect(pending).toBe(0);
  });

  it('a claim whose lease ran out (a crashed process) is sent by another; a live lease is left alone', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    await queueMail(database.db, 'crashed@example.com', renderMail('twoFactorOn', 'en', { name: 'A' }));
    await queueMail(database.db, 'busy@example.com', renderMail('twoFactorOn', 'en', { name: 'B' }));
    await database.db
      .update(mailOutbox)
      .set({ lockedBy: 'dead-process', lockedUntil: sql`now() - interval '1 second'`, attempts: 1 })
      .where(eq(mailOutbox.toAddress, 'crashed@example.com'));
    await database.db
      .update(mailOutbox)
      .set({ lockedBy: 'live-process', lockedUntil: sql`now() + interval '1 hour'`, attempts: 1 })
      .where(eq(mailOutbox.toAddress, 'busy@example.com'));
    const m = recorder();
    const w = new OutboxWorker(database, m, silent);
    await w.drain();
    await w.close();
    expect(m.sent.map((x) => x.to)).toEqual(['crashed@example.com']);
  });

  it('a transaction that fails enqueues nothing, and nothing is sent', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    await expect(
      database.db.transaction(async (tx) => {
        await queueMail(tx, 'never@example.com', renderMail('twoFactorOff', 'en', { name: 'X' }));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const m = recorder();
    const w = new OutboxWorker(database, m, silent);
    await w.drain();
    await w.close();
    expect(await database.db.select().from(mailOutbox)).toHaveLength(0);
    expect(m.sent).toHaveLength(0);
  });

  it('wakes up on commit without polling: a message queued later is sent through the NOTIFY', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    let delivered: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      delivered = resolve;
    });
    const m: Mailer = {
      kind: 'outbox',
      async send() {
        delivered();
      },
    };
    // A poll interval far beyond the test's timeout: only the notification can wake the worker.
    const w = new OutboxWorker(database, m, silent, { pollMs: 10 * 60 * 1000 });
    await w.start();
    await w.drain();
    await database.db.transaction(async (tx) => {
      await queueMail(tx, 'kick@example.com', renderMail('twoFactorOn', 'en', { name: 'K' }));
    });
    await arrived;
    await w.close();
  });

  it('a permanent refusal (5xx) is not retried; the row is marked failed', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    await queueMail(database.db, 'nobody@example.com', renderMail('twoFactorOn', 'en', { name: 'P' }));
    let tries = 0;
    const m: Mailer = {
      kind: 'smtp',
      async send() {
        tries += 1;
        throw Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 });
      },
    };
    const w = new OutboxWorker(database, m, silent, { retryBaseMs: 1 });
    await w.drain();
    await w.close();
    const [row] = await database.db.select().from(mailOutbox);
    expect(tries).toBe(1);
    expect(row.failedAt).not.toBeNull();
    expect(row.sentAt).toBeNull();
  });
});

describe('links in the log', () => {
  function capture() {
    const lines: unknown[] = [];
    const log = {
      info: (obj: unknown, msg?: string) => lines.push([obj, msg]),
      warn: () => {},
      error: () => {},
    } as unknown as FastifyBaseLogger;
    return { lines, log };
  }

  it('offline mail logs its links in development only, never in production', async () => {
    const dir = (await import('node:os')).tmpdir();
    const message = {
      to: 'a@example.com',
      subject: 'Verify',
      text: 'Open https://bitaqa.test/verify-email?token=SECRET123 now',
    };
    const prod = capture();
    await createMailer({
      from: 'x@bitaqa.test',
      outboxDir: `${dir}/bitaqa-log-p`,
      log: prod.log,
      logLinks: false,
    }).send(message);
    expect(JSON.stringify(prod.lines)).not.toContain('SECRET123');
    expect(JSON.stringify(prod.lines)).not.toContain('https://');
    const dev = capture();
    await createMailer({ from: 'x@bitaqa.test', outboxDir: `${dir}/bitaqa-log-d`, log: dev.log, logLinks: true }).send(
      message,
    );
    expect(JSON.stringify(dev.lines)).toContain('SECRET123');
  });
});
