/**
 * Advertising permits by emirate and what follows from their expiry: Trakheesi in Dubai and
 * Madhmoun in Abu Dhabi are required and checked by format, other emirates' permits are optional
 * with their authority named; a listing whose permit ended leaves the public list, search, the
 * sitemap and the public figures on the next day (the app's clock, no job), its page says why;
 * putting it back needs a valid permit; its owner hears 7 days before, once per expiry date.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app';
import { createOwner, createProperty } from '../../../../tests/helpers/discovery';
import { properties, users } from '../../db/schema';

/** The app's clock: 09:00 in the UAE on the given day. */
const at = (day: string) => new Date(`${day}T05:00:00Z`);
let clock = at('2027-03-01');
const t = await createTestApp({ now: () => clock });
const db = t.database.db;

const base = {
  title: 'Permit test listing',
  propertyType: 'apartment',
  status: 'for_sale',
  price: 1_200_000,
  bedrooms: 2,
} as const;

async function broker() {
  return t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
}

describe('the permit a listing needs, by emirate', () => {
  it('Dubai: a Trakheesi number of digits and its expiry date, each with its own message', async () => {
    const b = await broker();
    const post = (payload: object) => t.inject({ method: 'POST', url: '/api/properties', as: b, payload });

    const missing = await post({ ...base, city: 'Dubai' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      permitNumber: 'A Trakheesi (DLD) advertising permit number is required for listings in Dubai',
    });

    const letters = await post({ ...base, city: 'Dubai', permitNumber: 'ABC-12345', permitExpiresOn: '2027-06-30' });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().errors.permitNumber).toBe(
      'A Trakheesi permit number is 6 to 12 digits, with no letters or spaces',
    );

    const noDate = await post({ ...base, city: 'Dubai', permitNumber: '7112345678' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().errors).toEqual({ permitExpiresOn: "Enter the permit's expiry date" });

    const badDate = await post({ ...base, city: 'Dubai', permitNumber: '7112345678', permitExpiresOn: '2027-02-30' });
    expect(badDate.json().errors).toEqual({ permitExpiresOn: 'Enter the expiry date as a date' });

    // Already over by the app's clock (not the browser's).
    const past = await post({ ...base, city: 'Dubai', permitNumber: '7112345678', permitExpiresOn: '2027-02-28' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({
      permitExpiresOn: 'This permit has expired: enter a renewed permit and its new expiry date',
    });

    // The demo's 10-digit numbers and 11-digit ones pass; the authority follows from the emirate.
    for (const permitNumber of ['7112345678', '71123456789']) {
      const ok = await post({ ...base, city: 'Dubai', permitNumber, permitExpiresOn: '2027-03-01' });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json()).toMatchObject({
        permitNumber,
        permitAuthority: 'trakheesi',
        permitAuthorityName: null,
        permitExpiresOn: '2027-03-01',
        offMarket: null,
      });
    }
  });

  it('Abu Dhabi: a Madhmoun number of letters and digits', async () => {
    const b = await broker();
    const post = (payload: object) => t.inject({ method: 'POST', url: '/api/properties', as: b, payload });
    const missing = await post({ ...base, city: 'Abu Dhabi' });
    expect(missing.json().errors).toMatchObject({
      permitNumber: 'A Madhmoun advertising permit number is required for listings in Abu Dhabi',
    });
    for (const bad of ['ABCDEFG', 'AB--12345', '12-34', 'x1234567890123456789012345']) {
      const res = await post({ ...base, city: 'Abu Dhabi', permitNumber: bad, permitExpiresOn: '2027-06-30' });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors.permitNumber).toMatch(/^A Madhmoun permit number is 6 to 24/);
    }
    const ok = await post({
      ...base,
      city: 'Abu Dhabi',
      permitNumber: 'ADM-2024-00123',
      permitExpiresOn: '2027-06-30',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ permitAuthority: 'madhmoun', permitNumber: 'ADM-2024-00123' });
  });

  it('other emirates: optional, but a permit given names its authority and its expiry', async () => {
    const b = await broker();
    const post = (payload: object) => t.inject({ method: 'POST', url: '/api/properties', as: b, payload });
    const none = await post({ ...base, city: 'Sharjah' });
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json()).toMatchObject({ permitNumber: null, permitAuthority: null, permitExpiresOn: null });

    const unnamed = await post({ ...base, city: 'Sharjah', permitNumber: 'SHJ-4455' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors).toEqual({
      permitAuthorityName: 'Name the authority that issued the permit',
      permitExpiresOn: "Enter the permit's expiry date",
    });
    const dateOnly = await post({ ...base, city: 'Ajman', permitExpiresOn: '2027-06-30' });
    expect(dateOnly.json().errors).toEqual({ permitNumber: 'Enter the permit number this applies to' });

    const named = await post({
      ...base,
      city: 'Sharjah',
      permitNumber: 'SHJ-4455',
      permitAuthorityName: 'Sharjah Real Estate Registration Department',
      permitExpiresOn: '2027-06-30',
    });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json()).toMatchObject({
      permitAuthority: 'other',
      permitAuthorityName: 'Sharjah Real Estate Registration Department',
    });
  });
});

const listIds = async (query: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/properties?limit=60&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }[]).map((p) => p.id);
};
const searchIds = async (q: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/search?q=${q}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().properties as { id: string }[]).map((p) => p.id);
};
const listedCount = async () => (await t.inject({ method: 'GET', url: '/api/stats/public' })).json().listings as number;

describe('a listing whose permit expired', () => {
  it('is listed through its last day and gone from the list, search, sitemap and figures the day after', async () => {
    const owner = await createOwner(db, { role: 'real_estate_broker' });
    const unit = await createProperty(db, owner.id, {
      title: 'Permitvale apartment',
      permitNumber: '7112345678',
      permitAuthority: 'trakheesi',
      permitExpiresOn: '2027-03-10',
    });
    // Listed before expiry dates were asked: no date, stays listed.
    const legacy = await createProperty(db, owner.id, { title: 'Permitvale old flat', permitNumber: '7112345679' });

    clock = at('2027-03-10');
    const before = await listedCount();
    expect(await listIds('search=Permitvale')).toEqual(expect.arrayContaining([unit.id, legacy.id]));
    expect(await searchIds('Permitvale')).toContain(unit.id);
    expect((await t.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain(unit.id);

    // The next morning, at once: no job ran in between.
    clock = at('2027-03-11');
    expect(await listIds('search=Permitvale')).toEqual([legacy.id]);
    expect(await searchIds('Permitvale')).not.toContain(unit.id);
    expect((await t.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain(unit.id);
    expect(await listedCount()).toBe(before - 1);

    // Its page still answers (a link may be out there) and says why it is off the market.
    const page = await t.inject({ method: 'GET', url: `/api/properties/${unit.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ offMarket: 'permit_expired', permitExpiresOn: '2027-03-10' });
    // …and it is no longer shared: its share picture is gone, while the listing without a date still has one.
    const share = (id: string) => t.inject({ method: 'GET', url: `/api/properties/${id}/share.png?format=wide` });
    const refused = await share(unit.id);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ code: 'LISTING_CLOSED' });
    expect((await share(legacy.id)).statusCode).toBe(200);
    clock = at('2027-03-01');
  });

  it('goes back on the market only with a valid, unexpired permit', async () => {
    const b = await broker();
    const unit = await createProperty(db, b.user.id, {
      title: 'Permitvale villa',
      status: 'sold',
      permitNumber: '7112345678',
      permitAuthority: 'trakheesi',
      permitExpiresOn: '2027-03-10',
    });
    clock = at('2027-03-20');
    const patch = (payload: object) => t.inject({ method: 'PATCH', url: `/api/properties/${unit.id}`, as: b, payload });

    // Back on sale with the permit that ran out: 409, saying when it ended.
    const reopened = await patch({ status: 'for_sale' });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json()).toMatchObject({ code: 'PERMIT_EXPIRED', expiredOn: '2027-03-10' });
    expect(reopened.json().message).toContain('expired on 2027-03-10');

    // A new date already past, or a bad number: 400 on the field.
    const stillPast = await patch({ status: 'for_sale', permitExpiresOn: '2027-03-19' });
    expect(stillPast.statusCode).toBe(400);
    expect(stillPast.json().errors).toHaveProperty('permitExpiresOn');
    const badNumber = await patch({ status: 'for_sale', permitNumber: '12', permitExpiresOn: '2028-03-19' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().errors).toHaveProperty('permitNumber');

    // The renewed permit: accepted, and waits for review like any return to the market.
    const renewed = await patch({ status: 'for_sale', permitNumber: '7112349999', permitExpiresOn: '2028-03-19' });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({
      status: 'sold',
      pendingRevision: { status: 'for_sale', permitNumber: '7112349999', permitExpiresOn: '2028-03-19' },
    });
    clock = at('2027-03-01');
  });

  it('marking a listing sold needs no permit, and an expired listing still says it is sold', async () => {
    const b = await broker();
    const unit = await createProperty(db, b.user.id, {
      title: 'Permitvale shop',
      permitNumber: '7112345678',
      permitAuthority: 'trakheesi',
      permitExpiresOn: '2027-03-10',
    });
    clock = at('2027-04-01');
    const sold = await t.inject({
      method: 'PATCH',
      url: `/api/properties/${unit.id}`,
      as: b,
      payload: { status: 'sold' },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json()).toMatchObject({ status: 'sold', offMarket: 'sold' });
    clock = at('2027-03-01');
  });
});

describe("the owner's notice before the permit ends", () => {
  const mails = (to: string) => t.mailer.sent.filter((m) => m.to === to && /permit/i.test(m.subject));
  const arMails = (to: string) => t.mailer.sent.filter((m) => m.to === to && /تصريح/.test(m.subject));

  it('goes 7 days before, once per listing and expiry date, in the owner’s language', async () => {
    const { sendPermitExpiryNotices } = await import('./permit-notices');
    const en = await broker();
    const ar = await broker();
    await db.update(users).set({ preferredLanguage: 'ar' }).where(eq(users.id, ar.user.id));
    const mine = await createProperty(db, en.user.id, {
      title: 'Noticeview tower flat',
      permitNumber: '7112340001',
      permitAuthority: 'trakheesi',
      permitExpiresOn: '2027-05-10',
    });
    await createProperty(db, ar.user.id, {
      title: 'Noticeview villa',
      permitNumber: '7112340002',
      permitAuthority: 'trakheesi',
      permitExpiresOn: '2027-05-12',
    });
    // Not on the market: no notice for a sold unit.
    await createProperty(db, en.user.id, {
      title: 'Noticeview sold flat',
      status: 'sold',
      permitNumber: '7112340003',
      permitExpiresOn: '2027-05-10',
    });

    // 8 days before: nothing.
    await sendPermitExpiryNotices(t.app.ctx, at('2027-05-02'));
    await t.mailer.settle();
    expect(mails(en.user.email)).toHaveLength(0);

    // 7 days before: one e-mail; not again the next hour or the next day.
    expect(await sendPermitExpiryNotices(t.app.ctx, at('2027-05-03'))).toBeGreaterThanOrEqual(1);
    await sendPermitExpiryNotices(t.app.ctx, new Date(at('2027-05-03').getTime() + 3600_000));
    await sendPermitExpiryNotices(t.app.ctx, at('2027-05-04'));
    await t.mailer.settle();
    expect(mails(en.user.email).map((m) => m.subject)).toEqual(["Your listing's advertising permit ends in 7 days"]);
    expect(mails(en.user.email)[0].text).toContain('2027-05-10');
    expect(mails(en.user.email)[0].text).toContain('Noticeview tower flat');
    expect(mails(en.user.email)[0].text).toContain(`/properties/${mine.id}/edit`);

    // The Arabic owner's listing ends two days later: its notice came on 5 May at the latest, in Arabic.
    await sendPermitExpiryNotices(t.app.ctx, at('2027-05-05'));
    await t.mailer.settle();
    expect(arMails(ar.user.email)).toHaveLength(1);
    expect(arMails(ar.user.email)[0].subject).toContain('ينتهي تصريح إعلان عقارك');

    // Renewed: the new expiry date gets its own notice, 7 days before it.
    await db.update(properties).set({ permitExpiresOn: '2028-05-10' }).where(eq(properties.id, mine.id));
    await sendPermitExpiryNotices(t.app.ctx, at('2028-05-02'));
    await sendPermitExpiryNotices(t.app.ctx, at('2028-05-03'));
    await sendPermitExpiryNotices(t.app.ctx, at('2028-05-04'));
    await t.mailer.settle();
    expect(mails(en.user.email)).toHaveLength(2);
    expect(mails(en.user.email)[1].text).toContain('2028-05-10');
  });
});
