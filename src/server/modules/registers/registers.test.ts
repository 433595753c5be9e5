/**
 * Register imports and the checks they drive: both CSV shapes the DLD publishes, Arabic names, a
 * byte-order mark, both date forms, rows that can't be read (with their lines), a re-import that
 * changes nothing, and cards verified, refused, lapsed and renewed by what the register says.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../../tests/helpers/app';
import { businessCards } from '../../db/schema';
import { registerBrokers } from './schema';

let t: TestApp;
let admin: TestUser;
let clock = new Date('2026-11-28T08:00:00Z');

function multipart(kind: string, csv: string, filename = 'register.csv') {
  const boundary = `----bitaqa${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const importCsv = (kind: string, csv: string, as: TestUser = admin) =>
  t.inject({ method: 'POST', url: '/api/admin/registers/import', ...multipart(kind, csv), as });

const OPEN_DATA = `\uFEFFBROKER_NUMBER,BROKER_EN,BROKER_AR,REAL_ESTATE_NUMBER,LICENSE_START_DATE,LICENSE_END_DATE,CARD_RANK
48213,AHMED MOHAMMED AL MANSOORI,أحمد محمد المنصوري,1207,2024-03-15,2027-03-14,1
51002,LAYLA HADDAD,ليلى حداد,1207,2023-01-01 00:00:00,2025-12-31 00:00:00,2
60117,OMAR KHALID,عمر خالد,1300,2025-06-01,2027-06-01,1
not-a-number,SOMEONE,,1207,2025-01-01,2026-01-01,1
70001,BAD DATE,,1207,15/03/2024,2027-01-01,1
`;

async function brokerCard(name: string, brn: string): Promise<string> {
  const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
  const res = await t.inject({
    method: 'POST',
    url: '/api/business-cards',
    payload: {
      name,
      profession: 'Property Consultant',
      phone: '50 123 4567',
      countryCode: '+971',
      email: 'broker@example.com',
      brnNumber: brn,
    },
    as: owner,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const licence = async (id: string) =>
  (await t.inject({ method: 'GET', url: `/api/business-cards/${id}/licence`, as: admin })).json();
const verifiedFlag = async (id: string) =>
  (
    await t.app.ctx.db.select({ v: businessCards.licenseVerified }).from(businessCards).where(eq(businessCards.id, id))
  )[0].v;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await t.signInAdmin();
});

describe('register import', () => {
  it('reads the open-data shape with a BOM, Arabic names and both date forms, and reports unreadable rows by line', async () => {
    const res = await importCsv('dld_brokers', OPEN_DATA);
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json();
    expect(report).toMatchObject({ kind: 'dld_brokers', rows: 3, added: 3, changed: 0, unreadable: 2 });
    expect(report.unreadableRows).toEqual([
      { line: 5, code: 'bad_number', value: 'not-a-number', reason: expect.stringContaining('not a licence number') },
      { line: 6, code: 'bad_date', value: '15/03/2024', reason: expect.stringContaining('15/03/2024') },
    ]);
    const [layla] = await t.app.ctx.db.select().from(registerBrokers).where(eq(registerBrokers.brn, '51002'));
    expect(layla).toMatchObject({
      nameAr: 'ليلى حداد',
      licenseStart: '2023-01-01',
      licenseEnd: '2025-12-31',
      officeNumber: '1207',
    });
  });

  it('changes nothing when the same file comes again, and counts changes and removals of a new one', async () => {
    const again = (await importCsv('dld_brokers', OPEN_DATA)).json();
    expect(again).toMatchObject({ rows: 3, added: 0, changed: 0, removed: 0 });
    const next = OPEN_DATA.replace('2027-06-01', '2028-06-01').replace(/^51002.*\n/m, '');
    const report = (await importCsv('dld_brokers', next)).json();
    expect(report).toMatchObject({ rows: 2, added: 0, changed: 1, removed: 1 });
    await importCsv('dld_brokers', OPEN_DATA);
  });

  it('reads the e-services shape, whatever the case of its headers', async () => {
    const csv =
      'Broker Number,Name English,Office Name English,Phone Number,Email\n90001,Sara Khan,Marina Homes,+971501234567,sara@marinahomes.ae\n';
    const report = (await importCsv('dld_brokers', csv.replace('Broker Number', 'BROKER number'))).json();
    expect(report).toMatchObject({ rows: 1, added: 1 });
    const [sara] = await t.app.ctx.db.select().from(registerBrokers).where(eq(registerBrokers.brn, '90001'));
    expect(sara).toMatchObject({ nameEn: 'Sara Khan', officeNameEn: 'Marina Homes', email: 'sara@marinahomes.ae' });
    // That file was the whole register as far as the importer knows: put the full one back.
    await importCsv('dld_brokers', OPEN_DATA);
  });

  it('reads the office register, and refuses a file without a number column, a missing kind and a non-admin', async () => {
    const offices = (
      await importCsv('dld_offices', 'Office Number,Name English\n1207,Al Mansoori Properties\n')
    ).json();
    expect(offices).toMatchObject({ kind: 'dld_offices', rows: 1 });
    const noNumber = await importCsv('dld_brokers', 'Name,Phone\nA,1\n');
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().message).toMatch(/BROKER_NUMBER/);
    expect((await importCsv('', OPEN_DATA)).statusCode).toBe(400);
    const broker = await t.signUp({ role: 'real_estate_broker' });
    expect((await importCsv('dld_brokers', OPEN_DATA, broker)).statusCode).toBe(403);
  });
});

describe('licence checks against the register', () => {
  it('verifies a matching, running licence in English or Arabic; refuses other names, unknown numbers and ended licences', async () => {
    const ahmed = await brokerCard('Ahmed Al Mansoori', '48213');
    const ahmedAr = await brokerCard('احمد المنصوري', '48213');
    const impostor = await brokerCard('Ahmed Al Mazrouei', '48213');
    const unknown = await brokerCard('Nadia Rahman', '99999');
    const layla = await brokerCard('Layla Haddad', '51002');
    await importCsv('dld_brokers', OPEN_DATA);

    expect(await licence(ahmed)).toMatchObject({
      status: 'verified',
      validUntil: '2027-03-14',
      registerNameAr: 'أحمد محمد المنصوري',
    });
    expect(await verifiedFlag(ahmed)).toBe(true);
    expect((await licence(ahmedAr)).status).toBe('verified');
    expect((await licence(impostor)).status).toBe('name_mismatch');
    expect(await verifiedFlag(impostor)).toBe(false);
    expect((await licence(unknown)).status).toBe('unknown_number');
    expect((await licence(layla)).status).toBe('expired');
    expect(await verifiedFlag(layla)).toBe(false);

    // The licence renewed in the next file: the badge comes back without anyone acting.
    await importCsv('dld_brokers', OPEN_DATA.replace('2025-12-31 00:00:00', '2027-12-31 00:00:00'));
    expect((await licence(layla)).status).toBe('verified');
    expect(await verifiedFlag(layla)).toBe(true);

    // On the day after the licence ends, the next check lapses it by itself.
    clock = new Date('2027-03-15T01:00:00Z');
    await importCsv('dld_brokers', OPEN_DATA.replace('2025-12-31 00:00:00', '2027-12-31 00:00:00'));
    expect((await licence(ahmed)).status).toBe('expired');
    expect(await verifiedFlag(ahmed)).toBe(false);
    clock = new Date('2026-11-28T08:00:00Z');
  });

  it('checks a card when it is saved, without waiting for the next import', async () => {
    await importCsv('dld_brokers', OPEN_DATA);
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const created = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      payload: { name: 'Omar Khalid', profession: 'Broker', brnNumber: '60117' },
      as: owner,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().licenseVerified).toBe(true);
    const id = created.json().id as string;
    // The owner types another BRN: checked again on save, and the badge goes.
    const edited = await t.inject({
      method: 'PATCH',
      url: `/api/business-cards/${id}`,
      payload: { brnNumber: '99998' },
      as: owner,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await licence(id)).status).toBe('unknown_number');
    expect(await verifiedFlag(id)).toBe(false);
  });

  it('leaves an admin’s manual verification as it is, marked manual', async () => {
    const card = await brokerCard('Yusuf Saleh', '12345');
    const manual = await t.inject({
      method: 'PATCH',
      url: `/api/admin/business-cards/${card}/license`,
      payload: { verified: true },
      as: admin,
    });
    expect(manual.statusCode, manual.body).toBe(200);
    await importCsv('dld_brokers', OPEN_DATA);
    expect((await licence(card)).status).toBe('manual');
    expect(await verifiedFlag(card)).toBe(true);
  });
});

describe("the registers' day", () => {
  const day = (iso: string) => new Date(`${iso}T05:00:00Z`);
  const mails = (to: string) => t.mailer.sent.filter((m) => m.to === to && /licen[cs]e/i.test(m.subject));

  it('tells the owner 30 and 7 days before the licence ends, once each; the badge lapses on the day; a renewal restores it', async () => {
    const { runRegisterDay } = await import('./daily');
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const created = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      payload: { name: 'Noura Saeed', profession: 'Broker', brnNumber: '88001' },
      as: owner,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const csv = (end: string) =>
      `BROKER_NUMBER,BROKER_EN,BROKER_AR,REAL_ESTATE_NUMBER,LICENSE_START_DATE,LICENSE_END_DATE\n88001,NOURA SAEED,نورة سعيد,1207,2025-01-01,${end}\n`;
    clock = day('2027-01-01');
    expect((await importCsv('dld_brokers', csv('2027-03-10'))).statusCode).toBe(201);
    expect(await verifiedFlag(id)).toBe(true);
    const log = { warn() {}, info() {} } as never;

    // 40 days before: nothing. 30 days before: one e-mail, not again the next hour or day.
    clock = day('2027-01-29');
    await runRegisterDay(t.app.ctx, clock, log);
    await t.mailer.settle();
    expect(mails(owner.user.email)).toHaveLength(0);
    clock = day('2027-02-08');
    expect((await runRegisterDay(t.app.ctx, clock, log)).notices).toBe(1);
    expect((await runRegisterDay(t.app.ctx, clock, log)).notices).toBe(0);
    clock = day('2027-02-09');
    expect((await runRegisterDay(t.app.ctx, clock, log)).notices).toBe(0);
    await t.mailer.settle();
    expect(mails(owner.user.email).map((m) => m.subject)).toEqual(['Your broker licence ends in 30 days']);
    // 7 days before: the second e-mail.
    clock = day('2027-03-03');
    expect((await runRegisterDay(t.app.ctx, clock, log)).notices).toBe(1);
    await t.mailer.settle();
    expect(mails(owner.user.email)).toHaveLength(2);
    expect(mails(owner.user.email)[1].text).toContain('2027-03-10');

    // The last day still counts; the day after, the badge goes by itself.
    clock = day('2027-03-10');
    await runRegisterDay(t.app.ctx, clock, log);
    expect(await verifiedFlag(id)).toBe(true);
    clock = day('2027-03-11');
    await runRegisterDay(t.app.ctx, clock, log);
    expect(await verifiedFlag(id)).toBe(false);
    expect((await licence(id)).status).toBe('expired');

    // The next register lists the renewed licence: the badge comes back without anyone acting,
    // and the new end date earns its own notices later.
    expect((await importCsv('dld_brokers', csv('2028-03-10'))).statusCode).toBe(201);
    expect(await verifiedFlag(id)).toBe(true);
    expect(await licence(id)).toMatchObject({ status: 'verified', validUntil: '2028-03-10' });
  });

  it('fetches the register from its URL once a day, whatever the number of runs', async () => {
    const http = await import('node:http');
    let served = 0;
    const server = http.createServer((_req, res) => {
      served++;
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end('Broker Number,Name English,Office Name English\n99001,FETCHED PERSON,Some Office\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const fetched = await createTestApp({
      env: { REGISTER_DLD_BROKERS_URL: `http://127.0.0.1:${port}/brokers.csv` },
      now: () => clock,
    });
    try {
      const { runRegisterDay } = await import('./daily');
      const log = { warn() {}, info() {} } as never;
      clock = day('2027-05-01');
      const first = await runRegisterDay(fetched.app.ctx, clock, log);
      expect(first.fetched).toEqual([{ kind: 'dld_brokers', rows: 1 }]);
      const [row] = await fetched.app.ctx.db.select().from(registerBrokers).where(eq(registerBrokers.brn, '99001'));
      expect(row?.nameEn).toBe('FETCHED PERSON');
      expect((await runRegisterDay(fetched.app.ctx, new Date(clock.getTime() + 3600_000), log)).fetched).toEqual([]);
      expect(served).toBe(1);
      // The next day's run fetches again.
      expect((await runRegisterDay(fetched.app.ctx, day('2027-05-02'), log)).fetched).toHaveLength(1);
      expect(served).toBe(2);
    } finally {
      server.close();
    }
  });

  it('puts a card whose name the register does not confirm in the admin review queue, beside the register record', async () => {
    const id = await brokerCard('Someone Else', '60117');
    await importCsv('dld_brokers', OPEN_DATA);
    const queue = await t.inject({ method: 'GET', url: '/api/admin/registers/review?limit=200', as: admin });
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue.json().items.find((x: { id: string }) => x.id === id);
    expect(item).toMatchObject({
      kind: 'card',
      status: 'name_mismatch',
      name: 'Someone Else',
      number: '60117',
      href: `/cards/${id}`,
      register: { nameEn: 'OMAR KHALID', nameAr: 'عمر خالد', licenseEnd: '2027-06-01' },
    });
    expect(queue.json().total).toBeGreaterThanOrEqual(queue.json().items.length);
    // The admin looks and verifies it by hand: it leaves the queue, and the next import keeps it manual.
    await t.inject({
      method: 'PATCH',
      url: `/api/admin/business-cards/${id}/license`,
      payload: { verified: true },
      as: admin,
    });
    const after = (await t.inject({ method: 'GET', url: '/api/admin/registers/review?limit=200', as: admin })).json();
    expect(after.items.some((x: { id: string }) => x.id === id)).toBe(false);
    await importCsv('dld_brokers', OPEN_DATA);
    expect((await licence(id)).status).toBe('manual');
    const owner = await t.signUp();
    expect((await t.inject({ method: 'GET', url: '/api/admin/registers/review', as: owner })).statusCode).toBe(403);
  });
});

describe('the card badge', () => {
  it('carries the register, the licence end and the check date on the card a stranger opens; not for a manual check', async () => {
    clock = new Date('2026-11-28T08:00:00Z');
    const ahmed = await brokerCard('Ahmed Mansoori', '48213');
    await importCsv('dld_brokers', OPEN_DATA);
    await t.inject({
      method: 'PATCH',
      url: `/api/admin/business-cards/${ahmed}/status`,
      payload: { status: 'approved', version: 1 },
      as: admin,
    });
    const seen = (await t.inject({ method: 'GET', url: `/api/business-cards/${ahmed}` })).json();
    expect(seen.licenseVerified).toBe(true);
    expect(seen.licence).toMatchObject({
      source: 'register',
      validUntil: '2027-03-14',
      registerNameAr: 'أحمد محمد المنصوري',
      checkedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // The public card page says it in words, in English and in Arabic, and carries the register's
    // Arabic name for a card written only in English.
    const { renderCardPage } = await import('../cards/page');
    const { createCardService } = await import('../cards/service');
    const cards = createCardService(t.app.ctx);
    const assets = { styles: [], appScript: null, entry: () => null, pageScripts: () => [] };
    const version = Date.now();
    const page = async (lang: string, service = cards) =>
      (await renderCardPage(service, 'http://bitaqa.test', ahmed, lang, assets, version)) ?? '';
    const en = { body: await page('en') };
    expect(en.body).toContain('BRN verified with the DLD register · licence valid until 14 Mar 2027');
    expect(en.body).toContain('Checked against the register on 28 Nov 2026');
    expect(en.body).toContain('أحمد محمد المنصوري');
    const ar = { body: await page('ar') };
    expect(ar.body).toContain('رقم BRN موثّق في سجل دائرة الأراضي والأملاك · الترخيص ساري حتى 14 مارس 2027');
    // A renewal changes the badge but not the card: the drawn page is not served from before.
    await importCsv('dld_brokers', OPEN_DATA.replace('2027-03-14', '2028-03-14'));
    expect(await page('en', createCardService(t.app.ctx))).toContain('licence valid until 14 Mar 2028');
    await importCsv('dld_brokers', OPEN_DATA);
    const manual = await brokerCard('Yusra Manual', '77777');
    await t.inject({
      method: 'PATCH',
      url: `/api/admin/business-cards/${manual}/license`,
      payload: { verified: true },
      as: admin,
    });
    const own = (await t.inject({ method: 'GET', url: `/api/business-cards/${manual}`, as: admin })).json();
    expect(own).toMatchObject({ licenseVerified: true, licence: null });
  });
});

describe('brokerage ORNs against the office register', () => {
  const OFFICES = `Office Number,Name English,Name Arabic,License End Date
3101,PALM BAY REALTY L.L.C,بالم باي للعقارات ذ.م.م,2027-05-01
3102,DESERT ROSE PROPERTIES,,2027-05-01
3103,OLD TOWN HOMES,,2025-01-01
`;
  const create = async (name: string, orn: string, nameAr?: string) => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const res = await t.inject({
      method: 'POST',
      url: '/api/brokerages',
      as: owner,
      payload: { name, ornNumber: orn, tradeLicenceNumber: 'DED-100200', ...(nameAr ? { nameAr } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { owner, brokerage: res.json().brokerage as { id: string; ornVerified: boolean } };
  };
  const queue = async () =>
    (await t.inject({ method: 'GET', url: '/api/admin/registers/review?limit=200', as: admin })).json() as {
      items: { id: string; kind: string; status: string; register: unknown }[];
    };
  const mine = async (owner: TestUser) =>
    (await t.inject({ method: 'GET', url: '/api/brokerages/my', as: owner })).json().brokerage as {
      ornVerified: boolean;
    };

  it('verifies a brokerage saved under its register name and ORN; queues other names, unknown numbers and ended licences', async () => {
    clock = new Date('2026-11-28T08:00:00Z');
    expect((await importCsv('dld_offices', OFFICES)).json()).toMatchObject({
      rows: 3,
      verification: expect.objectContaining({ checked: expect.any(Number) }),
    });
    const palm = await create('Palm Bay Realty', '3101');
    const arabic = await create('Desert Rose', '3102', 'ديزرت روز');
    const other = await create('Sunrise Homes', '3102'.replace('2', '9'));
    const ended = await create('Old Town Homes', '3103');
    expect(await mine(palm.owner)).toMatchObject({ ornVerified: true });
    expect(palm.brokerage.ornVerified).toBe(true);
    // "Desert Rose" is every word of the register's "DESERT ROSE PROPERTIES".
    expect(await mine(arabic.owner)).toMatchObject({ ornVerified: true });
    expect(await mine(other.owner)).toMatchObject({ ornVerified: false });
    expect(await mine(ended.owner)).toMatchObject({ ornVerified: false });
    const items = (await queue()).items;
    expect(items.find((i) => i.id === other.brokerage.id)).toMatchObject({
      kind: 'brokerage',
      status: 'unknown_number',
      register: null,
    });
    expect(items.find((i) => i.id === ended.brokerage.id)).toMatchObject({
      kind: 'brokerage',
      status: 'expired',
      register: { nameEn: 'OLD TOWN HOMES', licenseEnd: '2025-01-01' },
    });
    expect(items.some((i) => i.id === palm.brokerage.id)).toBe(false);

    // Renamed to another company: the ORN no longer matches and goes to the queue.
    const renamed = await t.inject({
      method: 'PATCH',
      url: `/api/brokerages/${palm.brokerage.id}`,
      as: palm.owner,
      payload: { name: 'Lagoon Estates' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().ornVerified).toBe(false);
    expect((await queue()).items.find((i) => i.id === palm.brokerage.id)).toMatchObject({ status: 'name_mismatch' });

    // A renewal in the next office register restores the ended one without anyone acting.
    await importCsv('dld_offices', OFFICES.replace('2025-01-01', '2028-01-01'));
    expect(await mine(ended.owner)).toMatchObject({ ornVerified: true });

    // An admin's manual verification stays: the next import leaves it verified.
    await t.inject({
      method: 'PATCH',
      url: `/api/admin/brokerages/${other.brokerage.id}/orn`,
      payload: { verified: true },
      as: admin,
    });
    await importCsv('dld_offices', OFFICES);
    expect(await mine(other.owner)).toMatchObject({ ornVerified: true });
    expect((await queue()).items.some((i) => i.id === other.brokerage.id)).toBe(false);
  });
});
