/**
 * The contact book through the API: only the owner ever sees a contact, search finds people by
 * any field (Arabic folded, phone digits as typed locally), pages hold together, duplicates are
 * offered and merged without losing anything, exchanges and saved cards land in the book, the
 * WhatsApp link carries the filled template, files round-trip with Arabic intact, and the
 * follow-up reminder goes out once, on the due morning.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../../tests/helpers/app';
import { runFollowUpReminders } from './reminders';

let t: TestApp;
const clock = new Date('2026-11-28T05:00:00Z'); // 09:00 in Dubai
let owner: TestUser;
let other: TestUser;

const create = (payload: Record<string, unknown>, as = owner) =>
  t.inject({ method: 'POST', url: '/api/contacts', payload, as });
const list = async (query: string, as = owner) => {
  const res = await t.inject({ method: 'GET', url: `/api/contacts?${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { id: string; name: string }[]; nextCursor: string | null; due: { id: string }[] };
};

function multipart(filename: string, content: string) {
  const boundary = `----contacts${Math.random().toString(16).slice(2)}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(content, 'utf8'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function approvedCard(user: TestUser, payload: Record<string, unknown>): Promise<string> {
  const res = await t.inject({ method: 'POST', url: '/api/business-cards', payload, as: user });
  expect(res.statusCode, res.body).toBe(201);
  const admin = await t.signInAdmin();
  const approved = await t.inject({
    method: 'PATCH',
    url: `/api/admin/business-cards/${res.json().id}/status`,
    payload: { status: 'approved', version: res.json().version },
    as: admin,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return res.json().id;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await t.signUp({
    role: 'real_estate_broker',
    subscriptionStatus: 'active',
    firstName: 'Ahmed',
    lastName: 'Al Mansoori',
  });
  other = await t.signUp({ role: 'investor' });
});

describe('contact book', () => {
  it('is the owner’s alone: another user gets 404 on every route, a stranger 401', async () => {
    const made = await create({ name: 'Marina Petrova', phones: ['050 111 2233'], emails: ['marina@example.com'] });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ phones: ['+971501112233'], emails: ['marina@example.com'], source: 'manual' });
    const id = made.json().id;
    for (const [method, url, payload] of [
      ['GET', `/api/contacts/${id}`],
      ['PATCH', `/api/contacts/${id}`, { notes: 'mine now' }],
      ['DELETE', `/api/contacts/${id}`],
      ['POST', `/api/contacts/${id}/merge`, { otherId: id }],
      ['GET', `/api/contacts/${id}/whatsapp?template=event-en`],
    ] as const) {
      const theirs = await t.inject({ method, url, payload, as: other });
      expect(theirs.statusCode, `${method} ${url}`).toBe(404);
      const anonymous = await t.inject({ method, url, payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await list('', other)).items).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/api/contacts' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: `/api/contacts/${id}`, as: owner })).json().notes).toBeNull();
  });

  it('finds people by name, Arabic spelling, company, local phone digits, e-mail, notes, tag and event', async () => {
    await create({
      name: 'Omar Haddad',
      nameAr: 'عمر حداد',
      company: 'Emaar Properties',
      phones: ['+971 4 555 1234'],
      tags: ['investor'],
      event: 'Cityscape Global 2026',
      notes: 'wants a villa in Arabian Ranches',
    });
    const find = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).items.map((c) => c.name);
    expect(await find('omar')).toContain('Omar Haddad');
    expect(await find('حداد')).toContain('Omar Haddad');
    expect(await find('emaar')).toContain('Omar Haddad');
    expect(await find('045551234')).toContain('Omar Haddad');
    expect(await find('arabian ranches')).toContain('Omar Haddad');
    expect(await find('marina@example')).toContain('Marina Petrova');
    expect((await list('tag=investor')).items.map((c) => c.name)).toEqual(['Omar Haddad']);
    expect((await list(`event=${encodeURIComponent('cityscape global 2026')}`)).items.map((c) => c.name)).toEqual([
      'Omar Haddad',
    ]);
    expect((await list('source=manual&q=nobody-like-this')).items).toEqual([]);
  });

  it('offers the book’s own tags, events and sources as filters, with counts, and the filters combine', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const seed = [
      { name: 'Layla Saleh', tags: ['investor', 'villa'], event: 'Cityscape 2026', source: 'manual' },
      { name: 'Khalid Nasser', tags: ['investor'], event: 'cityscape 2026' },
      { name: 'Huda Khoury', tags: ['tenant'], event: 'Dubai Property Show' },
      { name: 'Rashid Al Kaabi', nameAr: 'راشد الكعبي', tags: ['investor'] },
    ];
    for (const c of seed) expect((await create(c, broker)).statusCode).toBe(201);
    const facets = async (as: TestUser) => {
      const res = await t.inject({ method: 'GET', url: '/api/contacts/facets', as });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Record<'tags' | 'events' | 'sources', { value: string; count: number }[]>;
    };
    const mine = await facets(broker);
    expect(mine.tags).toEqual([
      { value: 'investor', count: 3 },
      { value: 'tenant', count: 1 },
      { value: 'villa', count: 1 },
    ]);
    // Two spellings of one event are one choice, named as last written; the latest event first.
    expect(mine.events).toEqual([
      { value: 'Dubai Property Show', count: 1 },
      { value: 'cityscape 2026', count: 2 },
    ]);
    expect(mine.sources).toEqual([{ value: 'manual', count: 4 }]);
    // Another user's book offers none of them; a stranger is refused.
    const theirs = await facets(await t.signUp({ role: 'investor' }));
    expect(theirs).toEqual({ tags: [], events: [], sources: [] });
    expect((await t.inject({ method: 'GET', url: '/api/contacts/facets' })).statusCode).toBe(401);

    const names = async (query: string) => (await list(query, broker)).items.map((c) => c.name);
    expect(await names('tag=investor&event=Cityscape%202026&sort=name')).toEqual(['Khalid Nasser', 'Layla Saleh']);
    expect(await names('tag=investor&q=%D8%A7%D9%84%D9%83%D8%B9%D8%A8%D9%8A')).toEqual(['Rashid Al Kaabi']);
    expect(await names('tag=tenant&event=Cityscape%202026')).toEqual([]);
    expect(await names('source=scan')).toEqual([]);
    const bad = await t.inject({ method: 'GET', url: '/api/contacts?source=pigeon', as: broker });
    expect(bad.statusCode).toBe(400);
  });

  it('pages through a long book by keyset, each contact once, by recent and by name', async () => {
    const pager = await t.signUp({ role: 'investor' });
    for (let i = 0; i < 25; i++)
      expect((await create({ name: `Person ${String(i).padStart(2, '0')}` }, pager)).statusCode).toBe(201);
    for (const sort of ['recent', 'name']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(`sort=${sort}&limit=7${cursor ? `&cursor=${cursor}` : ''}`, pager);
        seen.push(...page.items.map((c) => c.name));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toHaveLength(25);
      expect(new Set(seen).size).toBe(25);
      if (sort === 'name') expect(seen).toEqual([...seen].sort());
    }
  });

  it('offers the contact with the same phone or e-mail as a duplicate, and a merge keeps everything of both', async () => {
    const first = (
      await create({
        name: 'Sara Khan',
        emails: ['sara@homes.ae'],
        tags: ['buyer'],
        notes: 'Met at the Marina tower viewing',
      })
    ).json();
    const second = await create({
      name: 'Sara K.',
      phones: ['0509998877'],
      emails: ['SARA@homes.ae'],
      company: 'Homes LLC',
      tags: ['vip'],
      notes: 'Prefers WhatsApp',
    });
    expect(second.json().duplicates.map((d: { id: string }) => d.id)).toEqual([first.id]);
    const merged = await t.inject({
      method: 'POST',
      url: `/api/contacts/${first.id}/merge`,
      payload: { otherId: second.json().id },
      as: owner,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({
      name: 'Sara Khan',
      company: 'Homes LLC',
      phones: ['+971509998877'],
      emails: ['sara@homes.ae'],
      tags: ['buyer', 'vip'],
      notes: 'Met at the Marina tower viewing\n\nPrefers WhatsApp',
    });
    expect((await t.inject({ method: 'GET', url: `/api/contacts/${second.json().id}`, as: owner })).statusCode).toBe(
      404,
    );
  });

  it('adds the visitor of an exchange to the card owner’s book, and a saved card to the visitor’s, once each', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const cardId = await approvedCard(broker, {
      name: 'Layla Haddad',
      profession: 'Senior Property Consultant',
      company: 'Marina Homes',
      phone: '50 123 4567',
      countryCode: '+971',
      email: 'layla@marinahomes.ae',
    });
    const exchange = await t.inject({
      method: 'POST',
      url: `/api/business-cards/${cardId}/exchange`,
      payload: {
        name: 'Karim Nasser',
        email: 'karim@example.com',
        phone: '0551234567',
        company: 'Nasser Holdings',
        note: 'Looking for a 2-bed in JVC',
        consent: true,
      },
    });
    expect(exchange.statusCode, exchange.body).toBe(201);
    const book = await list('source=exchange', broker);
    expect(book.items.map((c) => c.name)).toEqual(['Karim Nasser']);

    const saved = await t.inject({ method: 'POST', url: `/api/business-cards/${cardId}/save-contact`, as: owner });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({
      name: 'Layla Haddad',
      source: 'saved_card',
      cardId,
      emails: ['layla@marinahomes.ae'],
      phones: ['+971501234567'],
    });
    const again = await t.inject({ method: 'POST', url: `/api/business-cards/${cardId}/save-contact`, as: owner });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(saved.json().id);
    expect((await t.inject({ method: 'POST', url: `/api/business-cards/${cardId}/save-contact` })).statusCode).toBe(
      401,
    );
  });

  it('opens WhatsApp with the template filled from the contact and the sender', async () => {
    await approvedCard(owner, {
      name: 'Ahmed Al Mansoori',
      profession: 'Broker',
      phone: '50 765 4321',
      countryCode: '+971',
    });
    const c = (
      await create({ name: 'Nadia Rahman', phones: ['+971 50 222 3344'], event: 'Cityscape Global 2026' })
    ).json();
    const res = await t.inject({ method: 'GET', url: `/api/contacts/${c.id}/whatsapp?template=event-en`, as: owner });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url);
    expect(url.origin + url.pathname).toBe('https://wa.me/971502223344');
    const text = url.searchParams.get('text') ?? '';
    expect(text).toMatch(/^Hi Nadia, it was great meeting you at Cityscape Global 2026\./);
    expect(text).toMatch(/http:\/\/bitaqa\.test\/cards\/[0-9a-f-]{36}/);
    expect(text).toMatch(/— Ahmed Al Mansoori$/);

    const own = await t.inject({
      method: 'POST',
      url: '/api/message-templates',
      payload: { name: 'Short', lang: 'en', body: 'Hello {firstName}!' },
      as: owner,
    });
    expect(own.statusCode, own.body).toBe(201);
    const short = await t.inject({
      method: 'GET',
      url: `/api/contacts/${c.id}/whatsapp?template=${own.json().id}`,
      as: owner,
    });
    expect(new URL(short.json().url).searchParams.get('text')).toBe('Hello Nadia!');
    const templates = (await t.inject({ method: 'GET', url: '/api/message-templates', as: owner })).json();
    expect(templates.filter((x: { builtIn: boolean; lang: string }) => x.builtIn && x.lang === 'ar')).toHaveLength(3);
    expect(
      (await t.inject({ method: 'GET', url: `/api/contacts/${c.id}/whatsapp?template=${own.json().id}`, as: other }))
        .statusCode,
    ).toBe(404);
  });

  it('exports vCard 4.0 and CSV with a BOM, and importing the export into a fresh account gives the same contacts, Arabic intact', async () => {
    const source = await t.signUp({ role: 'investor' });
    await create(
      {
        name: 'Fatima Al Zahra',
        nameAr: 'فاطمة الزهراء',
        title: 'مديرة مبيعات',
        company: 'دار العقارات',
        phones: ['0501230000'],
        emails: ['fatima@dar.ae'],
        tags: ['vip'],
      },
      source,
    );
    await create(
      {
        name: 'John Smith',
        phones: ['+44 20 7946 0958'],
        emails: ['john@smith.co.uk'],
        website: 'https://smith.co.uk',
      },
      source,
    );
    const vcf = await t.inject({ method: 'GET', url: '/api/contacts/export.vcf', as: source });
    expect(vcf.headers['content-type']).toMatch(/text\/vcard/);
    expect(vcf.body.match(/BEGIN:VCARD/g)).toHaveLength(2);
    expect(vcf.body).toMatch(/VERSION:4\.0/);
    const csv = await t.inject({ method: 'GET', url: '/api/contacts/export.csv', as: source });
    expect(csv.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0xef, 0xbb, 0xbf, 0x4e])); // one BOM, then "Name"
    expect(csv.body).toContain('فاطمة الزهراء');

    for (const [file, body] of [
      ['contacts.vcf', vcf.body],
      ['contacts.csv', csv.body],
    ]) {
      const fresh = await t.signUp({ role: 'investor' });
      const preview = await t.inject({
        method: 'POST',
        url: '/api/contacts/import?preview=true',
        ...multipart(file, body),
        as: fresh,
      });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toHaveLength(2);
      const done = await t.inject({ method: 'POST', url: '/api/contacts/import', ...multipart(file, body), as: fresh });
      expect(done.json()).toMatchObject({ imported: 2, skipped: 0 });
      const imported = (await list('sort=name', fresh)).items as unknown as Record<string, unknown>[];
      expect(imported.map((c) => c.name)).toEqual(['Fatima Al Zahra', 'John Smith']);
      expect(imported[0]).toMatchObject({
        nameAr: 'فاطمة الزهراء',
        title: 'مديرة مبيعات',
        company: 'دار العقارات',
        phones: ['+971501230000'],
        emails: ['fatima@dar.ae'],
        source: 'import',
      });
      expect(imported[1]).toMatchObject({ phones: ['+442079460958'], website: 'https://smith.co.uk' });
      // The same file again: both are duplicates now, nothing is added.
      const again = (
        await t.inject({
          method: 'POST',
          url: '/api/contacts/import?preview=true',
          ...multipart(file, body),
          as: fresh,
        })
      ).json();
      expect(again.every((r: { duplicateOf: unknown }) => r.duplicateOf)).toBe(true);
    }
  });

  it('shows due follow-ups first and mails one reminder on the due morning, once', async () => {
    const user = await t.signUp({ role: 'investor', firstName: 'Huda' });
    const due = (
      await create({ name: 'Rashid Al Mazrouei', followUpOn: '2026-11-28', followUpNote: 'send Marina brochure' }, user)
    ).json();
    await create({ name: 'Later Person', followUpOn: '2026-12-05' }, user);
    expect((await list('', user)).due.map((c) => c.id)).toEqual([due.id]);
    expect((await t.inject({ method: 'GET', url: '/api/contacts/due-count', as: user })).json()).toEqual({ count: 1 });

    // Before seven in the morning in Dubai nothing goes out.
    const reminders = () => t.mailer.sent.filter((m) => m.to === user.user.email && /follow/i.test(m.subject));
    await runFollowUpReminders(t.app.ctx, new Date('2026-11-28T02:00:00Z'));
    await t.mailer.settle();
    expect(reminders()).toEqual([]);
    // From seven on: one e-mail, however often the job runs that day.
    await runFollowUpReminders(t.app.ctx, new Date('2026-11-28T05:00:00Z'));
    await runFollowUpReminders(t.app.ctx, new Date('2026-11-28T09:00:00Z'));
    await t.mailer.settle();
    expect(reminders()).toHaveLength(1);
    const [mail] = reminders();
    expect(mail.subject).toBe('Follow up with Rashid Al Mazrouei today');
    expect(mail.text).toContain('send Marina brochure');
    expect(mail.text).toContain(`http://bitaqa.test/contacts/${due.id}`);
    // A new date earns a new reminder on its own morning.
    await t.inject({
      method: 'PATCH',
      url: `/api/contacts/${due.id}`,
      payload: { followUpOn: '2026-11-30' },
      as: user,
    });
    await runFollowUpReminders(t.app.ctx, new Date('2026-11-30T04:30:00Z'));
    await t.mailer.settle();
    expect(reminders()).toHaveLength(2);
  });
});
