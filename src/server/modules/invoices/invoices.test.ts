/**
 * Tax invoices: every successful payment gets one, numbered per year without gaps
 * (also under concurrent payments and rollbacks), downloadable by its owner only as a PDF in
 * English or Arabic, and attached to the receipt e-mail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { invoiceCounters, invoices, payments, users } from '../../db/schema';
import { applyBillingUpdate } from '../subscription/billing';

let clock = new Date('2031-03-01T08:00:00Z');
const t = await createTestApp({ now: () => clock });
// No SMTP_URL: nodemailer builds each message and it is written as an .eml file.
const real = await createTestApp({ transport: 'config' });
const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

async function pay(as: TestUser) {
  const start = await t.app.inject({ method: 'POST', url: '/api/get-or-create-subscription', cookies: as.cookies });
  expect(start.statusCode).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscription/test-confirm',
    cookies: as.cookies,
    payload: { clientSecret: start.json().clientSecret, ...goodCard },
  });
  expect(res.statusCode).toBe(200);
}

const paid = (providerRef: string) => ({
  provider: 'test' as const,
  providerRef,
  amountAed: 100,
  status: 'succeeded' as const,
  periodStart: clock,
  periodEnd: clock,
});
const broker = (o: Parameters<typeof t.signUp>[0] = {}) => t.signUp({ role: 'real_estate_broker', ...o });
const listOf = async (as?: TestUser) => t.inject({ method: 'GET', url: '/api/subscription/invoices', as });

async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
}

describe('numbering', () => {
  it('gives 20 concurrent payments the numbers 1 to 20 of the year, no gap, no duplicate', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => broker()));
    await Promise.all(buyers.map((b) => pay(b)));
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.year, 2031));
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => r.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(20);
    expect(rows.map((r) => r.number)).toContain('INV-2031-000001');
    expect(rows.map((r) => r.number)).toContain('INV-2031-000020');
    // One invoice per buyer, for their own payment.
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set(buyers.map((b) => b.user.id)));
  });

  it('gives the number of a rolled-back payment to the next one', async () => {
    const [{ last }] = await t.database.db
      .select({ last: invoiceCounters.lastSeq })
      .from(invoiceCounters)
      .where(eq(invoiceCounters.year, 2031));
    const unlucky = await broker();
    const [payment] = await t.database.db
      .insert(payments)
      .values({
        userId: unlucky.user.id,
        provider: 'test',
        providerRef: 'rollback_1',
        amountAed: 100,
        status: 'pending',
      })
      .returning();
    let numberSeen = '';
    await expect(
      applyBillingUpdate(
        t.database.db,
        {
          eventId: 'test_evt_rollback_1',
          eventType: 'payment_intent.succeeded',
          userId: unlucky.user.id,
          payment: paid(payment.providerRef),
          state: { active: true, periodEnd: clock },
          invoicing: { seller: t.config.invoiceSeller, issuedAt: clock },
        },
        async (_tx, outcome) => {
          numberSeen = outcome.invoice?.number ?? '';
          throw new Error('the commit fails after the invoice was numbered');
        },
      ),
    ).rejects.toThrow(/commit fails/);
    // The number was taken inside the transaction, and given back with it.
    expect(numberSeen).toBe(`INV-2031-${String(last + 1).padStart(6, '0')}`);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.userId, unlucky.user.id))).toHaveLength(0);
    expect((await t.database.db.select().from(users).where(eq(users.id, unlucky.user.id)))[0].subscriptionStatus).toBe(
      'inactive',
    );

    const next = await broker();
    await pay(next);
    const [mine] = (await listOf(next)).json().invoices;
    expect(mine.number).toBe(numberSeen);
  });

  it('starts again at 1 in a new UAE year (Dubai time, UTC+4)', async () => {
    clock = new Date('2031-12-31T20:30:00Z'); // 00:30 on 1 January 2032 in Dubai
    try {
      const b = await broker();
      await pay(b);
      const [inv] = (await listOf(b)).json().invoices;
      expect(inv).toMatchObject({ number: 'INV-2032-000001', issueDate: '2032-01-01' });
    } finally {
      clock = new Date('2031-03-01T08:00:00Z');
    }
  });

  it('issues nothing for a payment that is replayed or fails', async () => {
    const b = await broker();
    await pay(b);
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    // The same test payment confirmed again is refused and issues no second invoice.
    const [p] = await t.database.db.select().from(payments).where(eq(payments.userId, b.user.id));
    const again = await applyBillingUpdate(t.database.db, {
      eventId: `test_evt_${p.providerRef}`,
      eventType: 'payment_intent.succeeded',
      userId: b.user.id,
      payment: paid(p.providerRef),
      state: { active: true, periodEnd: clock },
      invoicing: { seller: t.config.invoiceSeller, issuedAt: clock },
    });
    expect(again.applied).toBe(false);
    const failed = await applyBillingUpdate(t.database.db, {
      eventId: 'evt_failed_1',
      eventType: 'invoice.payment_failed',
      userId: b.user.id,
      payment: {
        provider: 'test',
        providerRef: 'failed_1',
        amountAed: 100,
        status: 'failed',
        periodStart: null,
        periodEnd: null,
      },
      state: { active: true, periodEnd: clock },
      invoicing: { seller: t.config.invoiceSeller, issuedAt: clock },
    });
    expect(failed).toMatchObject({ applied: true, paymentRecorded: false });
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    expect(after[0].n).toBe(before[0].n);
    expect((await listOf(b)).json().invoices).toHaveLength(1);
  });
});

describe('the invoice and its PDF', () => {
  it('lists the buyer’s invoice with the VAT split of AED 100 and prints it in English', async () => {
    const b = await broker({ firstName: 'Layla', lastName: 'Haddad' });
    await pay(b);
    const list = await listOf(b);
    expect(list.statusCode).toBe(200);
    const [inv] = list.json().invoices;
    expect(inv).toMatchObject({
      number: expect.stringMatching(/^INV-2031-\d{6}$/),
      issueDate: '2031-03-01',
      currency: 'AED',
      netFils: 9_524,
      vatFils: 476,
      totalFils: 10_000,
      pdfUrl: `/api/subscription/invoices/${inv.id}/pdf`,
    });

    const res = await t.inject({ method: 'GET', url: inv.pdfUrl, as: b });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${inv.number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(inv.number);
    expect(text).toContain('TRN: 100000000000003');
    expect(text).toContain('Bitaqa Technologies FZCO');
    expect(text).toContain('Layla Haddad');
    expect(text).toContain(b.user.email);
    expect(text).toContain('2031-03-01');
    expect(text).toMatch(/Amount excluding VAT\s+95\.24/);
    expect(text).toMatch(/VAT 5%\s+4\.76/);
    expect(text).toMatch(/Total \(AED\)\s+100\.00/);
  });

  it('prints it in Arabic for ?lang=ar and for a user whose saved language is Arabic', async () => {
    const b = await broker();
    await pay(b);
    const [inv] = (await listOf(b)).json().invoices;
    const ar = await t.inject({ method: 'GET', url: `${inv.pdfUrl}?lang=ar`, as: b });
    expect(ar.statusCode).toBe(200);
    const text = await pdfText(ar.rawPayload);
    const squeezed = text.replace(/\s+/g, '');
    // Shaped Arabic maps back to its letters: the title, the VAT line and the seller's name.
    expect(squeezed).toContain('فاتورة');
    expect(squeezed).toContain('ضريبية');
    expect(text).toContain('ضريبة القيمة المضافة');
    expect(text).toContain('الرقم الضريبي');
    expect(text).toContain('100000000000003');
    expect(text).toContain(inv.number);
    expect(text).toContain('4.76');
    expect(text).toContain('100.00');
    expect(text).not.toContain('Tax Invoice');

    await t.database.db.update(users).set({ preferredLanguage: 'ar' }).where(eq(users.id, b.user.id));
    const saved = await pdfText((await t.inject({ method: 'GET', url: inv.pdfUrl, as: b })).rawPayload);
    expect(saved.replace(/\s+/g, '')).toContain('فاتورة');
    const en = await pdfText((await t.inject({ method: 'GET', url: `${inv.pdfUrl}?lang=en`, as: b })).rawPayload);
    expect(en).toContain('Tax Invoice');
  });

  it('keeps what was issued when the buyer renames themselves later', async () => {
    const b = await broker({ firstName: 'Omar', lastName: 'Saleh' });
    await pay(b);
    await t.database.db.update(users).set({ firstName: 'Renamed', lastName: 'Person' }).where(eq(users.id, b.user.id));
    const [inv] = (await listOf(b)).json().invoices;
    const text = await pdfText((await t.inject({ method: 'GET', url: inv.pdfUrl, as: b })).rawPayload);
    expect(text).toContain('Omar Saleh');
    expect(text).not.toContain('Renamed');
  });
});

describe('names the fonts cannot fully draw', () => {
  it('still prints the invoice of a buyer with an emoji in their name, in both languages', async () => {
    const b = await broker({ firstName: 'Sara 🌴', lastName: 'Nasser' });
    await pay(b);
    const [inv] = (await listOf(b)).json().invoices;
    for (const lang of ['en', 'ar']) {
      const res = await t.inject({ method: 'GET', url: `${inv.pdfUrl}?lang=${lang}`, as: b });
      expect(res.statusCode).toBe(200);
      expect(await pdfText(res.rawPayload)).toContain('Nasser');
    }
  });
});

describe('who may see an invoice', () => {
  it('answers 401 signed out, 404 for another user’s invoice, 400 for a bad id or language', async () => {
    const owner = await broker();
    await pay(owner);
    const [inv] = (await listOf(owner)).json().invoices;
    const other = await broker();

    expect((await listOf()).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: inv.pdfUrl })).statusCode).toBe(401);
    const stolen = await t.inject({ method: 'GET', url: inv.pdfUrl, as: other });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.headers['content-type']).not.toBe('application/pdf');
    expect((await listOf(other)).json().invoices).toEqual([]);
    const admin = await t.signInAdmin();
    expect((await t.inject({ method: 'GET', url: inv.pdfUrl, as: admin })).statusCode).toBe(404);

    const badId = await t.inject({ method: 'GET', url: '/api/subscription/invoices/not-a-uuid/pdf', as: owner });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toHaveProperty('id');
    const badLang = await t.inject({ method: 'GET', url: `${inv.pdfUrl}?lang=fr`, as: owner });
    expect(badLang.statusCode).toBe(400);
    expect(badLang.json().errors).toHaveProperty('lang');
  });
});

describe('the receipt e-mail', () => {
  it('carries the invoice PDF, in the buyer’s language', async () => {
    const en = await broker();
    await pay(en);
    await t.mailer.settle();
    const [inv] = (await listOf(en)).json().invoices;
    const mail = t.mailer.lastTo(en.user.email);
    expect(mail?.subject).toBe('Your Bitaqa subscription is active');
    expect(mail?.text).toContain(`Your tax invoice ${inv.number} is attached`);
    expect(mail?.attachments).toHaveLength(1);
    const [file] = mail?.attachments ?? [];
    expect(file).toMatchObject({ filename: `${inv.number}.pdf`, contentType: 'application/pdf' });
    const text = await pdfText(file.content);
    expect(text).toContain(inv.number);
    expect(text).toMatch(/VAT 5%\s+4\.76/);

    const ar = await broker();
    await t.database.db.update(users).set({ preferredLanguage: 'ar' }).where(eq(users.id, ar.user.id));
    await pay(ar);
    await t.mailer.settle();
    const arMail = t.mailer.lastTo(ar.user.email);
    expect(arMail?.subject).toBe('اشتراكك في Bitaqa فعّال');
    const arText = await pdfText(arMail?.attachments?.[0]?.content ?? Buffer.alloc(0));
    expect(arText.replace(/\s+/g, '')).toContain('فاتورة');
  });
});

describe('the receipt through the real transport', () => {
  it('writes the PDF into the sent message as an attachment', async () => {
    const b = await real.signUp({ role: 'banking_broker' });
    const start = await real.inject({ method: 'POST', url: '/api/get-or-create-subscription', as: b });
    const paid = await real.inject({
      method: 'POST',
      url: '/api/subscription/test-confirm',
      as: b,
      payload: { clientSecret: start.json().clientSecret, ...goodCard },
    });
    expect(paid.statusCode).toBe(200);
    await real.app.ctx.outbox.drain();
    const [inv] = (await real.inject({ method: 'GET', url: '/api/subscription/invoices', as: b })).json().invoices;
    const dir = path.join(real.config.dataDir, 'outbox');
    const eml = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .find((m) => m.includes(b.user.email));
    expect(eml).toBeDefined();
    expect(eml).toMatch(new RegExp(`Content-Type: application/pdf; name=${inv.number}\\.pdf`));
    expect(eml).toMatch(new RegExp(`Content-Disposition: attachment; filename=${inv.number}\\.pdf`));
    // The attachment decodes to the invoice's PDF.
    const base64 =
      eml
        ?.split(`filename=${inv.number}.pdf`)[1]
        ?.split(/\r?\n\r?\n/)[1]
        ?.split(/\r?\n--/)[0] ?? '';
    const text = await pdfText(Buffer.from(base64.replace(/\s+/g, ''), 'base64'));
    expect(text).toContain(inv.number);
    expect(text).toContain('TRN: 100000000000003');
  });
});
