import { Window } from 'happy-dom';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { SIGNATURE_DESIGNS, SIGNATURE_LANGS, SIGNATURE_MAX_BYTES } from '../../../core/schemas/signature';
import { businessCards, users } from '../../db/schema';

const t = await createTestApp();

async function cardFor(owner: TestUser, over: Partial<typeof businessCards.$inferInsert> = {}) {
  const [card] = await t.database.db
    .insert(businessCards)
    .values({
      userId: owner.user.id,
      name: 'Ahmed Al Mansoori',
      profession: 'Senior Property Consultant',
      company: 'Al Mansoori Properties',
      phone: '+971501234567',
      countryCode: '+971',
      brnNumber: '12345',
      ornNumber: '6789',
      status: 'approved',
      isPublic: true,
      ...over,
    })
    .returning();
  return card;
}

const signature = (id: string, query = 'design=1&lang=en') =>
  t.inject({ method: 'GET', url: `/api/business-cards/${id}/signature?${query}` });

/** The fragment as a browser parses it (an independent HTML parser, not our own strings). */
function parse(html: string) {
  const window = new Window();
  const doc = window.document;
  doc.body.innerHTML = html;
  return doc.body;
}

describe('e-mail signature', () => {
  it('meets the e-mail client constraints in every design and language, and escapes hostile text', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const hostile = '<img src=x onerror=alert(1)> "Evil" & Co';
    const card = await cardFor(owner, { name: hostile, company: '<script>alert(2)</script>' });
    for (const design of SIGNATURE_DESIGNS) {
      for (const lang of SIGNATURE_LANGS) {
        const res = await signature(card.id, `design=${design}&lang=${lang}`);
        const what = `design ${design} ${lang}`;
        expect(res.statusCode, what).toBe(200);
        expect(res.headers['content-type'], what).toBe('text/html; charset=utf-8');
        const html = res.body;
        expect(Buffer.byteLength(html), what).toBeLessThan(SIGNATURE_MAX_BYTES);
        expect(html, what).not.toMatch(/<script|<style|\bclass=|javascript:/i);

        const root = parse(html);
        expect(root.children.length, what).toBe(1);
        const top = root.children[0];
        expect(top.tagName, what).toBe('TABLE');
        // Every element of the layout is table or inline text, styled inline.
        const all = [top, ...Array.from(top.querySelectorAll('*'))];
        const tags = new Set(all.map((el) => el.tagName));
        for (const tag of tags) expect(['TABLE', 'TBODY', 'TR', 'TD', 'A', 'IMG', 'SPAN', 'DIV'], what).toContain(tag);
        for (const el of all.filter((e) => ['TABLE', 'TD', 'A', 'IMG'].includes(e.tagName)))
          expect(el.getAttribute('style'), `${what} ${el.tagName}`).toBeTruthy();
        expect(
          all.some((el) => el.hasAttribute('class')),
          what,
        ).toBe(false);
        const attributes = all.flatMap((el) => Array.from(el.attributes).map((a) => a.name));
        expect(
          attributes.filter((name) => name.startsWith('on')),
          what,
        ).toEqual([]);

        // Hostile text arrives as text, not markup.
        expect(root.textContent, what).toContain(hostile);
        expect(root.textContent, what).toContain('<script>alert(2)</script>');
        expect(root.querySelectorAll('script').length, what).toBe(0);

        const images = Array.from(root.querySelectorAll('img'));
        expect(images.length, what).toBeGreaterThanOrEqual(1);
        for (const img of images) {
          expect(img.getAttribute('src'), what).toBe(
            `http://bitaqa.test/api/business-cards/${card.id}/signature/qr.png`,
          );
          expect(Number(img.getAttribute('width')), what).toBeGreaterThan(0);
          expect(Number(img.getAttribute('height')), what).toBeGreaterThan(0);
          expect(img.getAttribute('alt'), what).toBeTruthy();
        }
        const links = Array.from(root.querySelectorAll('a')).map((a) => a.getAttribute('href'));
        expect(links, what).toContain('tel:+971501234567');
        expect(links, what).toContain('https://wa.me/971501234567');
        expect(links, what).toContain(`http://bitaqa.test/cards/${card.id}`);
        for (const href of links) expect(href, what).toMatch(/^(https?:\/\/|tel:\+)/);

        expect(root.textContent, what).toContain('BRN 12345');
        expect(root.textContent, what).toContain('ORN 6789');
        expect(root.textContent, what).toContain('+971 50 123 4567');
        expect(root.textContent, what).toContain('Senior Property Consultant');

        expect(top.getAttribute('dir'), what).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        for (const cell of Array.from(top.querySelectorAll('td')))
          expect(cell.getAttribute('style'), what).toContain(`text-align:${lang === 'ar' ? 'right' : 'left'}`);
      }
    }
  });

  it('writes the labels in Arabic for lang=ar', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await cardFor(owner);
    const root = parse((await signature(card.id, 'design=2&lang=ar')).body);
    expect(root.textContent).toContain('بطاقتي الرقمية');
    expect(root.textContent).toContain('واتساب');
    expect(root.textContent).not.toContain('View my digital card');
  });

  it('leaves out what the card does not have', async () => {
    const owner = await t.signUp({ role: 'banking_broker', subscriptionStatus: 'active' });
    const card = await cardFor(owner, {
      phone: null,
      countryCode: null,
      brnNumber: null,
      ornNumber: null,
      company: null,
      bankName: 'emirates_nbd',
    });
    const root = parse((await signature(card.id, 'design=3&lang=en')).body);
    const links = Array.from(root.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(links.some((h) => h?.startsWith('tel:') || h?.includes('wa.me'))).toBe(false);
    expect(root.textContent).not.toContain('BRN');
    expect(root.textContent).toContain('Emirates NBD');
  });

  it('answers 400 for a bad design or language', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await cardFor(owner);
    for (const q of ['design=4', 'design=0&lang=en', 'lang=fr', 'design=1&lang=']) {
      const res = await signature(card.id, q);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await signature(card.id, 'lang=fr')).json().errors.lang).toBe('Language must be en or ar');
  });

  it('only serves published public cards; the QR image likewise and it decodes to the card link', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const pending = await cardFor(owner, { status: 'pending', isPublic: false });
    const hidden = await cardFor(owner, { isPublic: false });
    for (const c of [pending, hidden]) {
      expect((await signature(c.id)).statusCode).toBe(404);
      expect((await t.inject({ method: 'GET', url: `/api/business-cards/${c.id}/signature/qr.png` })).statusCode).toBe(
        404,
      );
    }
    expect((await signature('not-a-uuid')).statusCode).toBe(404);

    const card = await cardFor(owner);
    const qr = await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}/signature/qr.png` });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    // Webmail shows it inside its own pages.
    expect(qr.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const png = PNG.sync.read(qr.rawPayload);
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe(`http://bitaqa.test/cards/${card.id}?src=qr`);

    // A suspended owner's card stops answering.
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, owner.user.id));
    await t.database.db.update(businessCards).set({ version: 2 }).where(eq(businessCards.id, card.id));
    expect((await signature(card.id)).statusCode).toBe(404);
  });
});
