import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app';
import { PROFESSIONAL_ROLES } from '../../../core/enums';
import { cardInputSchema, cardTranslationsSchema } from '../../../core/schemas/card';
import { businessCards, cardEvents, users } from '../../db/schema';
import { seedCards } from '../../db/seed/cards';
import { portraitSvg } from '../../db/seed/portraits';
import { createRandom } from '../../db/seed/random';
import { DEMO_PASSWORD, NAMED_DEMO_ACCOUNTS, seedUsers } from '../../db/seed/users';

const t = await createTestApp();

const rnd = createRandom();
const state = { users: await seedUsers(t.database.db, rnd), rnd };
await seedCards(t.app.ctx, state);
const rows = await t.database.db
  .select({ card: businessCards, role: users.role, subscription: users.subscriptionStatus })
  .from(businessCards)
  .innerJoin(users, eq(users.id, businessCards.userId));

describe('demo cards', () => {
  it('carry both languages, the flagship broker’s card in full Arabic', () => {
    for (const { card } of rows) {
      const other = card.primaryLanguage === 'ar' ? 'en' : 'ar';
      const text = card.translations[other];
      expect(text?.profession, card.name).toBeTruthy();
      expect(text?.professionalBio?.length, card.name).toBeGreaterThan(80);
      const script = other === 'ar' ? /[\u0600-\u06FF]/ : /[A-Za-z]/;
      expect(text?.professionalBio, card.name).toMatch(script);
      expect(cardTranslationsSchema.safeParse(card.translations).success).toBe(true);
    }
    const flagship = rows.find((r) => r.card.email === NAMED_DEMO_ACCOUNTS.broker)?.card;
    expect(flagship?.primaryLanguage).toBe('en');
    expect(flagship?.translations.ar).toMatchObject({ name: 'أحمد المنصوري' });
    expect(flagship?.translations.ar?.profession).toMatch(/[\u0600-\u06FF]/);
    expect(flagship?.translations.ar?.company).toMatch(/[\u0600-\u06FF]/);
    expect(flagship?.translations.ar?.servicesOffered?.every((v) => /[\u0600-\u06FF]/.test(v))).toBe(true);
  });

  it('gives the directory well over 60 approved public cards, of every role, brokers subscribed', () => {
    const listed = rows.filter((r) => r.card.status === 'approved' && r.card.isPublic);
    const directory = listed.filter(
      (r) => !['real_estate_broker', 'banking_broker'].includes(r.role) || r.subscription === 'active',
    );
    expect(directory.length).toBeGreaterThanOrEqual(60);
    for (const role of PROFESSIONAL_ROLES)
      expect(listed.filter((r) => r.role === role).length).toBeGreaterThanOrEqual(5);
    expect(new Set(listed.map((r) => r.card.emirate)).size).toBeGreaterThanOrEqual(4);
    expect(listed.some((r) => r.card.licenseVerified)).toBe(true);
    expect(listed.some((r) => r.card.languages.includes('arabic'))).toBe(true);
  });

  it('has two pending cards, one rejected with a reason and three users without a card', async () => {
    expect(rows.filter((r) => r.card.status === 'pending')).toHaveLength(2);
    const rejected = rows.filter((r) => r.card.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0].card.rejectionReason).toMatch(/resubmit/);
    expect(state.users.length - rows.length).toBe(3);
  });

  it('passes the card schema and has avatars, written content and matching analytics', async () => {
    for (const { card } of rows) {
      const parsed = cardInputSchema.safeParse({ ...card, socialLinks: card.socialLinks });
      expect(parsed.success, `${card.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(card.profileImageUrl).toMatch(/^\/api\/uploads\/[a-f0-9]{64}\.webp$/);
      expect(card.description?.length).toBeGreaterThan(80);
    }
    const [counts] = await t.database.db
      .select({ events: sql<number>`count(*)::int` })
      .from(cardEvents)
      .where(eq(cardEvents.action, 'view'));
    const views = rows.reduce((n, r) => n + r.card.viewCount, 0);
    expect(counts.events).toBe(views);
    const [future] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(cardEvents)
      .where(sql`${cardEvents.createdAt} > now()`);
    expect(future.n).toBe(0);
  });

  it('lets the named broker sign in and see an approved card', async () => {
    const login = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: NAMED_DEMO_ACCOUNTS.broker, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const mine = await t.inject({
      method: 'GET',
      url: '/api/business-cards/my',
      cookies: Object.fromEntries(login.cookies.map((c) => [c.name, c.value])),
    });
    expect(mine.json()[0]).toMatchObject({
      status: 'approved',
      user: { profileImageUrl: expect.stringMatching(/^\/api\/uploads\//) },
    });
    const avatar = await t.inject({ method: 'GET', url: mine.json()[0].profileImageUrl });
    expect(avatar.statusCode).toBe(200);
  });
});

describe('demo portraits', () => {
  it('give every demo card a small WebP portrait of its own, served to a visitor', async () => {
    const seen = new Map<string, string>();
    for (const { card } of rows) {
      const res = await t.inject({ method: 'GET', url: card.profileImageUrl ?? '' });
      expect(res.statusCode, card.name).toBe(200);
      expect(res.headers['content-type'], card.name).toBe('image/webp');
      // The public card page stays light: the portrait is a small part of it.
      expect(res.rawPayload.length, card.name).toBeLessThanOrEqual(25 * 1024);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height], card.name).toEqual([512, 512]);
      seen.set(res.rawPayload.toString('base64'), card.name);
    }
    // Two different people never share a picture.
    expect(seen.size).toBe(rows.length);
  });

  it('draws the same portrait for the same person every time', () => {
    expect(portraitSvg('Ahmed Al Mansoori', 'male')).toBe(portraitSvg('Ahmed Al Mansoori', 'male'));
    expect(portraitSvg('Ahmed Al Mansoori', 'male')).not.toBe(portraitSvg('Omar Khalid', 'male'));
  });
});

describe('the demo register', () => {
  it('verifies most demo brokers against it, with one licence ending soon and one name the admin must review', async () => {
    const { seedRegisters } = await import('../../db/seed/registers');
    const { cardLicenceChecks } = await import('../registers/schema');
    await seedRegisters(t.app.ctx);
    const checks = await t.database.db.select().from(cardLicenceChecks);
    const verified = checks.filter((c) => c.status === 'verified');
    expect(verified.length).toBeGreaterThan(checks.length / 2);
    const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(verified.filter((c) => c.validUntil && c.validUntil <= soon)).toHaveLength(1);
    expect(checks.filter((c) => c.status === 'name_mismatch')).toHaveLength(1);
  });

  it('puts the demo brokerage in the office register, and its page names the register and the licence end', async () => {
    const { seedBrokerages, DEMO_BROKERAGE_SLUG } = await import('../../db/seed/brokerages');
    const { seedRegisters } = await import('../../db/seed/registers');
    await seedBrokerages(t.app.ctx, state);
    await seedRegisters(t.app.ctx);
    const res = await t.inject({ method: 'GET', url: `/api/brokerages/${DEMO_BROKERAGE_SLUG}` });
    expect(res.statusCode).toBe(200);
    const { brokerage } = res.json();
    const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    expect(brokerage).toMatchObject({ ornVerified: true, ornRegister: { validUntil: inAYear } });
    for (const [lang, text] of [
      ['en', 'ORN verified with the DLD register · licence valid until'],
      ['ar', 'رقم ORN موثّق في سجل دائرة الأراضي والأملاك · الترخيص ساري حتى'],
    ]) {
      // The page as the server draws it (no built web assets in this test).
      const page = await t.app.pageRenderers.get('/brokerages/:slug')?.(
        { slug: DEMO_BROKERAGE_SLUG },
        { query: { lang }, cookies: {} } as never,
        { setCookie: () => undefined, code: () => undefined } as never,
        { styles: [], appScript: null, entry: () => null, pageScripts: () => [] } as never,
      );
      expect(page, lang).toContain(text);
    }
  });
});
