/**
 * Access-control matrix: every route of the Fastify route table × anonymous,
 * another signed-in user, the owner of the resource, and an admin — with the status each must get.
 * The route list comes from the app itself, so a route added without an entry here fails the test.
 *
 * The callers of a route share a world (tests/helpers/access-world.ts) until a write goes through:
 * the caller after it starts from a fresh one, so a DELETE by one caller never changes what the
 * next one sees.
 * "owner" means the user the resource belongs to; for routes about the caller's own account
 * ("self") it is simply a signed-in user acting on themselves.
 *
 * Adding a route: add `'METHOD /path': { request: (w) => ({ url, payload }), expect: [anon, other, owner, admin] }`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/helpers/app';
import { createWorld, WORLD_PASSWORD, type World } from '../../tests/helpers/access-world';
import { startFakeHubspot } from '../../tests/helpers/fake-hubspot';
import { WEB_DIST } from './web';

type Caller = 'anonymous' | 'other' | 'owner' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'other', 'owner', 'admin'];

interface Entry {
  /** URL (with the world's ids) and body; the method comes from the key. */
  request: (w: World, who: Caller) => Partial<InjectOptions> & { url: string };
  /** Expected status for [anonymous, other, owner, admin]. */
  expect: [number, number, number, number];
  /** Where the cells this matrix cannot express are tested instead. */
  note?: string;
}
type TestAppLike = Awaited<ReturnType<typeof createTestApp>>;

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(file: Buffer) {
  const boundary = '----bitaqamatrix';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const card = (over: Record<string, unknown> = {}) => ({ name: 'Matrix Card', profession: 'Broker', ...over });
const listing = {
  title: 'Matrix listing in Dubai Marina',
  propertyType: 'apartment',
  status: 'for_sale',
  price: 1_000_000,
  city: 'Dubai',
  permitNumber: '7112345678',
  permitExpiresOn: '2099-12-31',
};
const service = {
  name: 'Matrix service',
  provider: 'Matrix Co',
  serviceType: 'company',
  category: 'Legal & Professional',
  description: 'A service.',
};
const lead = {
  inquirerName: 'Visitor',
  inquirerEmail: 'visitor@example.com',
  inquiryType: 'buying',
  message: 'Interested',
  consent: true,
};

/** A /api/v1 request with the caller's own API key (none for anonymous). */
const v1 = (w: World, who: Caller, url: string, payload?: object) => ({
  url,
  ...(payload ? { payload } : {}),
  headers: who === 'anonymous' ? {} : { authorization: `Bearer ${w.apiKeys[who]}` },
});

/** Caller-relative: "self" routes act on whoever calls. */
const email = (w: World, who: Caller) => (who === 'anonymous' ? 'nobody@example.com' : w[who].user.email);

const MATRIX: Record<string, Entry> = {
  // ——— Auth ———
  'POST /api/auth/register': {
    request: () => ({
      url: '/api/auth/register',
      payload: {
        email: `new-${Math.random().toString(36).slice(2)}@example.com`,
        password: 'a-Strong-passw0rd!',
        confirmPassword: 'a-Strong-passw0rd!',
        firstName: 'New',
        lastName: 'Person',
        phoneNumber: '501234567',
        countryCode: '+971',
      },
    }),
    expect: [201, 201, 201, 201],
  },
  'POST /api/auth/verify-email': {
    request: () => ({ url: '/api/auth/verify-email', payload: { token: 'not-a-real-token-123' } }),
    expect: [400, 400, 400, 400],
  },
  'POST /api/auth/confirm-email-change': {
    request: () => ({ url: '/api/auth/confirm-email-change', payload: { token: 'not-a-real-token-123' } }),
    expect: [400, 400, 400, 400],
    note: 'a valid link (only in the new inbox) is tested in modules/auth/email-change.test.ts',
  },
  'POST /api/auth/resend-verification': {
    request: () => ({
      url: '/api/auth/resend-verification',
      payload: { email: `someone-${Math.random().toString(36).slice(2)}@example.com` },
    }),
    expect: [200, 200, 200, 200],
  },
  'POST /api/auth/forgot-password': {
    request: () => ({
      url: '/api/auth/forgot-password',
      payload: { email: `someone-${Math.random().toString(36).slice(2)}@example.com` },
    }),
    expect: [200, 200, 200, 200],
    note: 'the same answer whether or not the address has an account',
  },
  'POST /api/auth/reset-password': {
    request: () => ({
      url: '/api/auth/reset-password',
      payload: { token: 'not-a-real-token-123', password: 'a-Strong-passw0rd!', confirmPassword: 'a-Strong-passw0rd!' },
    }),
    expect: [400, 400, 400, 400],
    note: 'a valid link (only in the inbox) is tested in modules/auth/password-reset.test.ts',
  },
  'POST /api/auth/login': {
    request: (w) => ({ url: '/api/auth/login', payload: { email: w.owner.user.email, password: WORLD_PASSWORD } }),
    expect: [200, 200, 200, 200],
  },
  // Health checks are for load balancers, public and free of data.
  'GET /health/live': { request: () => ({ url: '/health/live' }), expect: [200, 200, 200, 200] },
  'GET /health/ready': { request: () => ({ url: '/health/ready' }), expect: [200, 200, 200, 200] },
  // Metrics for a scraper (local, or with METRICS_TOKEN), never for web users, admins included.
  'GET /metrics': {
    request: () => ({ url: '/metrics', remoteAddress: '203.0.113.9' }),
    expect: [403, 403, 403, 403],
    note: 'the local scraper and METRICS_TOKEN cases (200) are in platform/metrics.test.ts',
  },
  'GET /api/auth/user': { request: () => ({ url: '/api/auth/user' }), expect: [401, 200, 200, 200] },
  'POST /api/auth/update-role': {
    request: () => ({ url: '/api/auth/update-role', payload: { role: 'investor' } }),
    expect: [401, 200, 200, 403],
  },
  'PATCH /api/auth/profile': {
    request: (w, who) => ({
      url: '/api/auth/profile',
      payload: { firstName: 'Same', lastName: 'Person', email: email(w, who), currentPassword: WORLD_PASSWORD },
    }),
    expect: [401, 200, 200, 200],
  },
  'PATCH /api/auth/preferences': {
    request: () => ({ url: '/api/auth/preferences', payload: { preferredLanguage: 'ar' } }),
    expect: [401, 200, 200, 200],
  },
  'POST /api/auth/admin-login': {
    request: (w) => ({
      url: '/api/auth/admin-login',
      payload: { username: w.admin.user.username, password: WORLD_PASSWORD },
    }),
    expect: [200, 200, 200, 200],
  },
  'GET /api/admin/auth': { request: () => ({ url: '/api/admin/auth' }), expect: [401, 403, 403, 200] },
  'GET /api/login': { request: () => ({ url: '/api/login' }), expect: [302, 302, 302, 302] },
  'GET /api/logout': {
    request: () => ({ url: '/api/logout' }),
    expect: [302, 200, 200, 200],
    note: 'a GET only shows the confirm page; the POST signs out',
  },
  'POST /api/logout': { request: () => ({ url: '/api/logout' }), expect: [302, 302, 302, 302] },
  'POST /api/auth/login/2fa': {
    request: () => ({ url: '/api/auth/login/2fa', payload: { code: '123456' } }),
    expect: [401, 401, 401, 401],
    note: 'only a session with a pending password step reaches the code check: account.test.ts',
  },

  // ——— Account (self) ———
  'GET /api/profile/overview': { request: () => ({ url: '/api/profile/overview' }), expect: [401, 200, 200, 200] },
  'GET /api/account/settings': { request: () => ({ url: '/api/account/settings' }), expect: [401, 200, 200, 200] },
  'PATCH /api/account/settings': {
    request: () => ({ url: '/api/account/settings', payload: { cardVisibility: 'public' } }),
    expect: [401, 200, 200, 200],
  },
  'POST /api/account/change-password': {
    request: () => ({
      url: '/api/account/change-password',
      payload: { currentPassword: WORLD_PASSWORD, newPassword: 'another-Strong-passw0rd!' },
    }),
    expect: [401, 200, 200, 200],
  },
  'DELETE /api/account': {
    request: (w, who) => ({ url: '/api/account', payload: { confirmEmail: email(w, who) } }),
    expect: [401, 200, 409, 403],
    note: 'an admin account is not deleted from the profile page; the owner is the last owner of a brokerage with members, who hands it over first',
  },
  'POST /api/account/2fa/setup': { request: () => ({ url: '/api/account/2fa/setup' }), expect: [401, 200, 200, 200] },
  'POST /api/account/2fa/enable': {
    request: () => ({ url: '/api/account/2fa/enable', payload: { code: '123456' } }),
    expect: [401, 400, 400, 400],
    note: 'no setup started: the owner path is in account.test.ts',
  },
  'POST /api/account/2fa/disable': {
    request: () => ({ url: '/api/account/2fa/disable', payload: { code: '123456' } }),
    expect: [401, 400, 400, 400],
    note: 'two-factor is off in the world: account.test.ts turns it on and off',
  },

  // ——— Cards ———
  'POST /api/business-cards': {
    request: () => ({ url: '/api/business-cards', payload: card() }),
    expect: [401, 201, 201, 201],
  },
  'GET /api/business-cards/my': { request: () => ({ url: '/api/business-cards/my' }), expect: [401, 200, 200, 200] },
  'GET /api/business-cards/user/:userId': {
    request: (w) => ({ url: `/api/business-cards/user/${w.owner.user.id}` }),
    expect: [401, 403, 200, 200],
  },
  'GET /api/business-cards/:id': {
    request: (w) => ({ url: `/api/business-cards/${w.pendingCard.id}` }),
    expect: [404, 404, 200, 200],
  },
  'PATCH /api/business-cards/:id': {
    request: (w) => ({ url: `/api/business-cards/${w.card.id}`, payload: { name: 'Renamed' } }),
    expect: [401, 403, 200, 403],
  },
  'DELETE /api/business-cards/:id': {
    request: (w) => ({ url: `/api/business-cards/${w.card.id}` }),
    expect: [401, 403, 204, 403],
  },
  'POST /api/business-cards/:id/view': {
    request: (w) => ({ url: `/api/business-cards/${w.card.id}/view`, payload: {} }),
    expect: [200, 200, 200, 200],
  },
  'POST /api/business-cards/:id/events': {
    request: (w) => ({ url: `/api/business-cards/${w.card.id}/events`, payload: { action: 'call' } }),
    expect: [200, 200, 200, 200],
  },
  'GET /api/analytics/cards/:id': {
    request: (w) => ({ url: `/api/analytics/cards/${w.card.id}?days=7` }),
    expect: [401, 404, 200, 404],
    note: 'team managers of the owner’s brokerage: src/server/modules/analytics/analytics.test.ts',
  },
  'GET /api/brokerages/:id/analytics': {
    request: () => ({ url: '/api/brokerages/00000000-0000-0000-0000-000000000000/analytics' }),
    expect: [401, 404, 404, 404],
    note: 'owner, manager, member, outsider and admin of a real brokerage: src/server/modules/analytics/analytics.test.ts',
  },
  'GET /api/business-cards/:id/vcard': {
    request: (w) => ({ url: `/api/business-cards/${w.pendingCard.id}/vcard` }),
    expect: [404, 404, 200, 200],
  },
  'GET /api/business-cards/:id/preview.png': {
    request: (w) => ({ url: `/api/business-cards/${w.pendingCard.id}/preview.png` }),
    expect: [404, 404, 404, 404],
    note: 'only public cards have a link preview; the public case is in cards/card-page.test.ts',
  },
  'GET /sitemap.xml': { request: () => ({ url: '/sitemap.xml' }), expect: [200, 200, 200, 200] },
  'GET /robots.txt': { request: () => ({ url: '/robots.txt' }), expect: [200, 200, 200, 200] },
  'GET /*': {
    request: (w) => ({ url: `/cards/${w.pendingCard.id}` }),
    expect: [404, 404, 404, 404],
    note: 'pages: a card that is not public answers 404 (the app page; the app draws it for its owner and admins)',
  },
  'GET /api/business-cards/:id/qr-code': {
    request: (w) => ({ url: `/api/business-cards/${w.pendingCard.id}/qr-code` }),
    expect: [404, 404, 200, 200],
  },
  'POST /api/business-cards/:id/inquiries': {
    request: (w) => ({ url: `/api/business-cards/${w.card.id}/inquiries`, payload: lead }),
    expect: [201, 201, 201, 201],
  },
  'GET /api/business-cards/:id/signature': {
    request: (w) => ({ url: `/api/business-cards/${w.pendingCard.id}/signature?design=1&lang=en` }),
    expect: [404, 404, 404, 404],
    note: 'published cards only, for the owner too; the public case is in signature/signature.test.ts',
  },
  'GET /api/business-cards/:id/signature/qr.png': {
    request: (w) => ({ url: `/api/business-cards/${w.pendingCard.id}/signature/qr.png` }),
    expect: [404, 404, 404, 404],
    note: 'published cards only; the public case is in signature/signature.test.ts',
  },
  'GET /api/business-cards/:id/qr.svg': {
    request: (w) => ({ url: `/api/business-cards/${w.pendingCard.id}/qr.svg` }),
    expect: [404, 404, 404, 404],
    note: 'published cards only, for the owner too; the public case is in print/print.test.ts',
  },
  'GET /api/business-cards/:id/qr.png': {
    request: (w) => ({ url: `/api/business-cards/${w.pendingCard.id}/qr.png?dpi=300` }),
    expect: [404, 404, 404, 404],
    note: 'published cards only; the public case is in print/print.test.ts',
  },
  'GET /api/business-cards/:id/print.pdf': {
    request: (w) => ({ url: `/api/business-cards/${w.pendingCard.id}/print.pdf?lang=en` }),
    expect: [404, 404, 404, 404],
    note: 'published cards only; the public case is in print/print.test.ts',
  },
  'GET /api/business-cards/:id/wallet/apple': {
    request: (w) => ({ url: `/api/business-cards/${w.pendingCard.id}/wallet/apple` }),
    expect: [404, 404, 404, 404],
    note: 'published cards only, and only when configured; both cases are in wallet/wallet.test.ts',
  },
  'GET /api/business-cards/:id/wallet/google': {
    request: (w) => ({ url: `/api/business-cards/${w.pendingCard.id}/wallet/google` }),
    expect: [404, 404, 404, 404],
    note: 'published cards only, and only when configured; both cases are in wallet/wallet.test.ts',
  },
  'GET /api/wallet/availability': {
    request: () => ({ url: '/api/wallet/availability' }),
    expect: [200, 200, 200, 200],
  },
  'POST /api/business-cards/:id/exchange': {
    request: (w) => ({
      url: `/api/business-cards/${w.card.id}/exchange`,
      payload: { name: 'Visitor', email: 'visitor@example.com', consent: true },
    }),
    expect: [201, 201, 201, 201],
  },
  'POST /api/ai/generate-card-content': {
    request: () => ({ url: '/api/ai/generate-card-content', payload: { role: 'real_estate_broker', name: 'Matrix' } }),
    expect: [401, 200, 200, 200],
  },
  'GET /api/avatars/:file': { request: () => ({ url: '/api/avatars/Matrix.svg' }), expect: [200, 200, 200, 200] },
  'GET /api/business-cards/public': {
    request: () => ({ url: '/api/business-cards/public' }),
    expect: [200, 200, 200, 200],
  },
  'GET /api/admin/pending-approvals': {
    request: () => ({ url: '/api/admin/pending-approvals' }),
    expect: [401, 403, 403, 200],
  },
  'PATCH /api/admin/business-cards/:id/status': {
    request: (w) => ({
      url: `/api/admin/business-cards/${w.pendingCard.id}/status`,
      payload: { status: 'approved', version: w.pendingCard.version },
    }),
    expect: [401, 403, 403, 200],
  },
  'PATCH /api/admin/business-cards/:id/license': {
    request: (w) => ({ url: `/api/admin/business-cards/${w.card.id}/license`, payload: { verified: true } }),
    expect: [401, 403, 403, 200],
  },

  // ——— Leads ———
  'GET /api/inquiries': { request: () => ({ url: '/api/inquiries' }), expect: [401, 200, 200, 200] },
  'GET /api/inquiries/export.csv': {
    request: () => ({ url: '/api/inquiries/export.csv' }),
    expect: [401, 200, 200, 200],
  },
  'GET /api/inquiries/:id/vcard': {
    request: (w) => ({ url: `/api/inquiries/${w.inquiry.id}/vcard` }),
    expect: [401, 404, 200, 404],
  },
  'PATCH /api/inquiries/:id': {
    request: (w) => ({ url: `/api/inquiries/${w.inquiry.id}`, payload: { status: 'contacted' } }),
    expect: [401, 404, 200, 404],
  },

  // ——— Properties ———
  'GET /api/properties': { request: () => ({ url: '/api/properties' }), expect: [200, 200, 200, 200] },
  'GET /api/properties/mine': { request: () => ({ url: '/api/properties/mine' }), expect: [401, 200, 200, 200] },
  'GET /api/properties/:id': {
    request: (w) => ({ url: `/api/properties/${w.pendingProperty.id}` }),
    expect: [404, 404, 200, 200],
  },
  'POST /api/properties': {
    request: () => ({ url: '/api/properties', payload: listing }),
    expect: [401, 403, 201, 403],
  },
  'PATCH /api/properties/:id': {
    request: (w) => ({ url: `/api/properties/${w.property.id}`, payload: { price: 1_200_000 } }),
    expect: [401, 403, 200, 403],
  },
  'DELETE /api/properties/:id': {
    request: (w) => ({ url: `/api/properties/${w.property.id}` }),
    expect: [401, 403, 204, 403],
  },
  'PUT /api/properties/:id/permit-qr': {
    request: (w) => ({ url: `/api/properties/${w.property.id}/permit-qr`, ...multipart(PNG_1PX) }),
    expect: [401, 403, 400, 403],
    note: 'the owner reaches the decoder (a 1 px picture holds no QR); accepted QRs: properties/permit-qr.test.ts',
  },
  'DELETE /api/properties/:id/permit-qr': {
    request: (w) => ({ url: `/api/properties/${w.property.id}/permit-qr` }),
    expect: [401, 403, 200, 403],
  },
  'GET /api/properties/:id/share.png': {
    request: (w) => ({ url: `/api/properties/${w.property.id}/share.png?format=wide` }),
    expect: [200, 200, 200, 200],
    note: 'a listing on show is shared by anyone; sold (410) and pending (404): properties/permit-qr.test.ts',
  },
  'GET /api/admin/properties/pending': {
    request: () => ({ url: '/api/admin/properties/pending' }),
    expect: [401, 403, 403, 200],
  },
  'PATCH /api/admin/properties/:id/approve': {
    request: (w) => ({
      url: `/api/admin/properties/${w.pendingProperty.id}/approve`,
      payload: { version: w.pendingProperty.version },
    }),
    expect: [401, 403, 403, 200],
  },
  'PATCH /api/admin/properties/:id/reject': {
    request: (w) => ({
      url: `/api/admin/properties/${w.pendingProperty.id}/reject`,
      payload: { reason: 'Blurry photos' },
    }),
    expect: [401, 403, 403, 200],
  },

  // ——— Services ———
  'GET /api/stats/public': { request: () => ({ url: '/api/stats/public' }), expect: [200, 200, 200, 200] },
  'GET /api/services': { request: () => ({ url: '/api/services' }), expect: [200, 200, 200, 200] },
  'POST /api/services': { request: () => ({ url: '/api/services', payload: service }), expect: [401, 201, 201, 201] },
  'GET /api/admin/services': { request: () => ({ url: '/api/admin/services' }), expect: [401, 403, 403, 200] },
  'PATCH /api/admin/services/:id': {
    request: (w) => ({
      url: `/api/admin/services/${w.service.id}`,
      payload: {
        name: 'Edited Service',
        provider: 'Edited Co',
        description: 'Edited description text.',
        translations: { ar: { name: 'خدمة معدلة' } },
      },
    }),
    expect: [401, 403, 403, 200],
  },
  'PATCH /api/admin/services/:id/hide': {
    request: (w) => ({ url: `/api/admin/services/${w.service.id}/hide`, payload: { hidden: true } }),
    expect: [401, 403, 403, 200],
  },

  // ——— Messaging ———
  'GET /api/conversations': { request: () => ({ url: '/api/conversations' }), expect: [401, 200, 200, 200] },
  'POST /api/conversations': {
    request: (w) => ({ url: '/api/conversations', payload: { participantId: w.peer.user.id } }),
    expect: [401, 201, 200, 201],
  },
  'GET /api/conversations/:id': {
    request: (w) => ({ url: `/api/conversations/${w.conversation.id}` }),
    expect: [401, 404, 200, 404],
  },
  'GET /api/conversations/:id/messages': {
    request: (w) => ({ url: `/api/conversations/${w.conversation.id}/messages` }),
    expect: [401, 404, 200, 404],
  },
  'POST /api/conversations/:id/read': {
    request: (w) => ({ url: `/api/conversations/${w.conversation.id}/read` }),
    expect: [401, 404, 200, 404],
  },
  'POST /api/messages': {
    request: (w) => ({ url: '/api/messages', payload: { conversationId: w.conversation.id, content: 'Hi' } }),
    expect: [401, 404, 201, 404],
  },
  'GET /api/messages/unread-count': {
    request: () => ({ url: '/api/messages/unread-count' }),
    expect: [401, 200, 200, 200],
  },
  'GET /ws': {
    request: () => ({ url: '/ws' }),
    expect: [404, 404, 404, 404],
    note: 'WebSocket upgrade: who may connect and what they receive is in messaging/live.test.ts',
  },

  // ——— Discovery ———
  'GET /api/search': { request: () => ({ url: '/api/search?q=broker' }), expect: [200, 200, 200, 200] },
  // Area autocomplete over a static public list.
  'GET /api/places': { request: () => ({ url: '/api/places?q=marina' }), expect: [200, 200, 200, 200] },
  'GET /api/recommendations': {
    request: () => ({ url: '/api/recommendations' }),
    expect: [401, 404, 403, 403],
    note: 'investors only, from their own card; the world investor has none (search.test.ts)',
  },

  // ——— Subscription ———
  'POST /api/get-or-create-subscription': {
    request: () => ({ url: '/api/get-or-create-subscription' }),
    expect: [401, 400, 409, 403],
    note: 'investor: no paid role; owner: already active; admin: refused (subscription.test.ts)',
  },
  'GET /api/subscription': { request: () => ({ url: '/api/subscription' }), expect: [401, 200, 200, 200] },
  'POST /api/subscription/test-confirm': {
    request: () => ({ url: '/api/subscription/test-confirm', payload: { cardNumber: '4000000000000002' } }),
    expect: [400, 400, 400, 400],
    note: 'the body is validated before the session is read; the paths are in subscription.test.ts',
  },
  'GET /api/subscription/invoices': {
    request: () => ({ url: '/api/subscription/invoices' }),
    expect: [401, 200, 200, 200],
    note: 'each caller sees only their own invoices (invoices.test.ts)',
  },
  'GET /api/subscription/invoices/:id/pdf': {
    request: (w) => ({ url: `/api/subscription/invoices/${w.invoice.id}/pdf` }),
    expect: [401, 404, 200, 404],
  },
  'POST /api/stripe/webhook': {
    request: () => ({ url: '/api/stripe/webhook', payload: '{}', headers: { 'content-type': 'application/json' } }),
    expect: [404, 404, 404, 404],
    note: 'no Stripe configured in the matrix; signed events: subscription/stripe.test.ts',
  },

  // ——— Uploads ———
  'POST /api/uploads/images': {
    request: () => ({ url: '/api/uploads/images', ...multipart(PNG_1PX) }),
    expect: [401, 201, 201, 201],
  },
  'GET /api/business-cards/:id/background.png': {
    request: (w) => ({ url: `/api/business-cards/${w.pendingCard.id}/background.png?size=1280x720` }),
    expect: [404, 404, 200, 200],
    note: "the owner's (and an admin's) until the card is public; the public case is in print/background.test.ts",
  },
  'POST /api/admin/registers/import': {
    request: () => ({ url: '/api/admin/registers/import', payload: {} }),
    expect: [401, 403, 403, 400],
  },
  'GET /api/admin/registers/imports': {
    request: () => ({ url: '/api/admin/registers/imports' }),
    expect: [401, 403, 403, 200],
  },
  'GET /api/admin/registers/review': {
    request: () => ({ url: '/api/admin/registers/review' }),
    expect: [401, 403, 403, 200],
  },
  'GET /api/business-cards/:id/licence': {
    request: (w) => ({ url: `/api/business-cards/${w.pendingCard.id}/licence` }),
    expect: [404, 404, 404, 404],
    note: 'a card seen by the caller and checked against a register; verdicts in registers/registers.test.ts',
  },
  'GET /api/contacts': {
    request: () => ({ url: '/api/contacts' }),
    expect: [401, 200, 200, 200],
    note: 'each caller their own book',
  },
  'GET /api/contacts/facets': {
    request: () => ({ url: '/api/contacts/facets' }),
    expect: [401, 200, 200, 200],
    note: "each caller their own book's tags and events; contents in contacts/contacts.test.ts",
  },
  'GET /api/contacts/due-count': { request: () => ({ url: '/api/contacts/due-count' }), expect: [401, 200, 200, 200] },
  'POST /api/contacts': {
    request: () => ({ url: '/api/contacts', payload: { name: 'Matrix New' } }),
    expect: [401, 201, 201, 201],
  },
  'GET /api/contacts/export.vcf': {
    request: () => ({ url: '/api/contacts/export.vcf' }),
    expect: [401, 200, 200, 200],
  },
  'GET /api/contacts/export.csv': {
    request: () => ({ url: '/api/contacts/export.csv' }),
    expect: [401, 200, 200, 200],
  },
  'POST /api/contacts/import': {
    request: () => ({ url: '/api/contacts/import', payload: {} }),
    expect: [401, 400, 400, 400],
  },
  'GET /api/contacts/:id': {
    request: (w) => ({ url: `/api/contacts/${w.contact.id}` }),
    expect: [401, 404, 200, 404],
    note: 'a contact is personal: admins too get 404',
  },
  'PATCH /api/contacts/:id': {
    request: (w) => ({ url: `/api/contacts/${w.contact.id}`, payload: { notes: 'changed' } }),
    expect: [401, 404, 200, 404],
  },
  'DELETE /api/contacts/:id': {
    request: (w) => ({ url: `/api/contacts/${w.contact.id}` }),
    expect: [401, 404, 204, 404],
  },
  'POST /api/contacts/:id/merge': {
    request: (w) => ({ url: `/api/contacts/${w.contact.id}/merge`, payload: { otherId: w.contact.id } }),
    expect: [401, 404, 409, 404],
    note: 'the owner may not merge a contact with itself',
  },
  'GET /api/contacts/:id/whatsapp': {
    request: (w) => ({ url: `/api/contacts/${w.contact.id}/whatsapp?template=event-en` }),
    expect: [401, 404, 200, 404],
  },
  'GET /api/message-templates': { request: () => ({ url: '/api/message-templates' }), expect: [401, 200, 200, 200] },
  'POST /api/message-templates': {
    request: () => ({
      url: '/api/message-templates',
      payload: { name: 'Mine', lang: 'en', body: 'Hello {firstName}' },
    }),
    expect: [401, 201, 201, 201],
  },
  'DELETE /api/message-templates/:id': {
    request: (w) => ({ url: `/api/message-templates/${w.template.id}` }),
    expect: [401, 404, 204, 404],
  },
  'POST /api/business-cards/:id/save-contact': {
    request: (w) => ({ url: `/api/business-cards/${w.card.id}/save-contact` }),
    expect: [401, 201, 400, 201],
    note: 'any signed-in caller adds a public card to their own book; not one’s own card',
  },
  'GET /api/webhooks': {
    request: () => ({ url: '/api/webhooks' }),
    expect: [401, 200, 200, 200],
    note: 'each caller their own',
  },
  'POST /api/webhooks': {
    request: () => ({ url: '/api/webhooks', payload: { url: 'https://127.0.0.1/hook', events: ['lead.created'] } }),
    expect: [401, 400, 400, 400],
    note: 'a loopback address is refused for everyone; endpoints that are made: webhooks/routes.test.ts',
  },
  'GET /manifest.webmanifest': { request: () => ({ url: '/manifest.webmanifest' }), expect: [200, 200, 200, 200] },
  'GET /api/webhooks/:id': { request: (w) => ({ url: `/api/webhooks/${w.webhook.id}` }), expect: [401, 404, 200, 404] },
  'DELETE /api/webhooks/:id': {
    request: (w) => ({ url: `/api/webhooks/${w.webhook.id}` }),
    expect: [401, 404, 204, 404],
  },
  'POST /api/webhooks/:id/enable': {
    request: (w) => ({ url: `/api/webhooks/${w.webhook.id}/enable` }),
    expect: [401, 404, 200, 404],
  },
  'GET /api/webhooks/:id/deliveries': {
    request: (w) => ({ url: `/api/webhooks/${w.webhook.id}/deliveries` }),
    expect: [401, 404, 200, 404],
  },
  'POST /api/webhooks/:id/deliveries/:deliveryId/retry': {
    request: (w) => ({ url: `/api/webhooks/${w.webhook.id}/deliveries/${w.webhook.id}/retry` }),
    expect: [401, 404, 404, 404],
    note: 'no such delivery of the owner’s endpoint; retries are in webhooks/webhooks.test.ts',
  },
  'POST /api/webhooks/:id/test': {
    request: (w) => ({ url: `/api/webhooks/${w.webhook.id}/test` }),
    expect: [401, 404, 200, 404],
  },
  // ——— API keys (settings page; cookie session only) ———
  'GET /api/api-keys': {
    request: () => ({ url: '/api/api-keys' }),
    expect: [401, 200, 200, 200],
    note: 'each caller their own',
  },
  'POST /api/api-keys': {
    request: () => ({ url: '/api/api-keys', payload: { name: 'Matrix', scopes: ['cards:read'] } }),
    expect: [401, 201, 201, 201],
    note: 'each caller makes their own; brokerage keys: api-keys/api-keys.test.ts',
  },
  'DELETE /api/api-keys/:id': {
    request: (w) => ({ url: `/api/api-keys/${w.apiKeys.ownerKeyId}` }),
    expect: [401, 404, 204, 404],
  },
  // ——— Public API (/api/v1): each signed-in caller sends their own key with every scope; the
  // session cookie they also send opens nothing here. Scopes, revoked and expired keys, brokerage
  // keys: public-api/public-api.test.ts ———
  // The API reference (Scalar's viewer of the document), public like the document.
  'GET /docs/api': { request: () => ({ url: '/docs/api' }), expect: [301, 301, 301, 301] },
  'GET /docs/api/': { request: () => ({ url: '/docs/api/' }), expect: [200, 200, 200, 200] },
  'GET /docs/api/js/scalar.js': { request: () => ({ url: '/docs/api/js/scalar.js' }), expect: [200, 200, 200, 200] },
  'GET /docs/api/start.js': { request: () => ({ url: '/docs/api/start.js' }), expect: [200, 200, 200, 200] },
  'GET /api/v1/openapi.json': { request: () => ({ url: '/api/v1/openapi.json' }), expect: [200, 200, 200, 200] },
  'GET /api/v1/me': { request: (w, who) => v1(w, who, '/api/v1/me'), expect: [401, 200, 200, 200] },
  'GET /api/v1/leads': { request: (w, who) => v1(w, who, '/api/v1/leads'), expect: [401, 200, 200, 200] },
  'GET /api/v1/leads/:id': {
    request: (w, who) => v1(w, who, `/api/v1/leads/${w.inquiry.id}`),
    expect: [401, 404, 200, 404],
  },
  'GET /api/v1/contacts': { request: (w, who) => v1(w, who, '/api/v1/contacts'), expect: [401, 200, 200, 200] },
  'GET /api/v1/contacts/:id': {
    request: (w, who) => v1(w, who, `/api/v1/contacts/${w.contact.id}`),
    expect: [401, 404, 200, 404],
  },
  'POST /api/v1/contacts': {
    request: (w, who) => v1(w, who, '/api/v1/contacts', { name: 'Matrix person' }),
    expect: [401, 201, 201, 201],
    note: 'each key adds to its own user’s book',
  },
  'PATCH /api/v1/contacts/:id': {
    request: (w, who) => v1(w, who, `/api/v1/contacts/${w.contact.id}`, { company: 'Matrix Co' }),
    expect: [401, 404, 200, 404],
  },
  'DELETE /api/v1/contacts/:id': {
    request: (w, who) => v1(w, who, `/api/v1/contacts/${w.contact.id}`),
    expect: [401, 404, 204, 404],
  },
  'GET /api/v1/cards': { request: (w, who) => v1(w, who, '/api/v1/cards'), expect: [401, 200, 200, 200] },
  'GET /api/v1/cards/:id': {
    request: (w, who) => v1(w, who, `/api/v1/cards/${w.card.id}`),
    expect: [401, 404, 200, 404],
  },
  'GET /api/v1/listings': { request: (w, who) => v1(w, who, '/api/v1/listings'), expect: [401, 200, 200, 200] },
  'GET /api/v1/listings/:id': {
    request: (w, who) => v1(w, who, `/api/v1/listings/${w.pendingProperty.id}`),
    expect: [401, 404, 200, 404],
  },
  'POST /api/v1/listings': {
    request: (w, who) => v1(w, who, '/api/v1/listings', listing),
    expect: [401, 403, 201, 403],
    note: 'brokers and developers only, as in the app (other is an investor)',
  },
  'PATCH /api/v1/listings/:id': {
    request: (w, who) => v1(w, who, `/api/v1/listings/${w.property.id}`, { price: 1_100_000 }),
    expect: [401, 404, 200, 404],
    note: 'another user’s approved listing is 404 here: a key sees only its own',
  },
  'POST /api/v1/webhooks': {
    request: (w, who) => v1(w, who, '/api/v1/webhooks', { url: 'https://127.0.0.1/hook', events: ['lead.created'] }),
    expect: [401, 400, 400, 400],
    note: 'a loopback address is refused for everyone; endpoints that are made: public-api/public-api.test.ts',
  },
  'GET /api/v1/webhooks': { request: (w, who) => v1(w, who, '/api/v1/webhooks'), expect: [401, 200, 200, 200] },
  'GET /api/v1/webhooks/:id': {
    request: (w, who) => v1(w, who, `/api/v1/webhooks/${w.webhook.id}`),
    expect: [401, 404, 200, 404],
  },
  'DELETE /api/v1/webhooks/:id': {
    request: (w, who) => v1(w, who, `/api/v1/webhooks/${w.webhook.id}`),
    expect: [401, 404, 204, 404],
  },
  'GET /api/v1/webhooks/:id/deliveries': {
    request: (w, who) => v1(w, who, `/api/v1/webhooks/${w.webhook.id}/deliveries`),
    expect: [401, 404, 200, 404],
  },
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/retry': {
    request: (w, who) => v1(w, who, `/api/v1/webhooks/${w.webhook.id}/deliveries/${w.webhook.id}/retry`),
    expect: [401, 404, 404, 404],
    note: 'no such delivery of the owner’s endpoint',
  },
  'GET /api/integrations/hubspot': {
    request: () => ({ url: '/api/integrations/hubspot' }),
    expect: [401, 200, 200, 200],
    note: 'each caller their own connection (connected or not)',
  },
  'PUT /api/integrations/hubspot': {
    request: () => ({ url: '/api/integrations/hubspot', payload: { token: 'pat-refused' } }),
    expect: [401, 400, 400, 400],
    note: 'the matrix’s HubSpot refuses every token; connecting: hubspot/hubspot.test.ts',
  },
  'POST /api/integrations/hubspot/test': {
    request: () => ({ url: '/api/integrations/hubspot/test' }),
    expect: [401, 404, 200, 404],
    note: 'only a connected caller has something to test (the answer says HubSpot refused it)',
  },
  'DELETE /api/integrations/hubspot': {
    request: () => ({ url: '/api/integrations/hubspot' }),
    expect: [401, 404, 204, 404],
  },
  'GET /api/integrations/hubspot/syncs': {
    request: () => ({ url: '/api/integrations/hubspot/syncs' }),
    expect: [401, 404, 200, 404],
  },
  'POST /api/contacts/scan': {
    request: () => ({ url: '/api/contacts/scan', ...multipart(PNG_1PX) }),
    expect: [401, 400, 400, 400],
    note: 'signed-in users only; nothing is stored, so there is no owner. Reading cards: contact-scan/scan.test.ts',
  },
  'GET /api/uploads/:name': {
    request: () => ({ url: `/api/uploads/${'0'.repeat(64)}.webp` }),
    expect: [404, 404, 404, 404],
    note: 'stored images are public by design (content-hash names): uploads.test.ts',
  },

  // ——— Admin center ———
  'GET /api/admin/stats': { request: () => ({ url: '/api/admin/stats' }), expect: [401, 403, 403, 200] },
  'GET /api/admin/review-queue': { request: () => ({ url: '/api/admin/review-queue' }), expect: [401, 403, 403, 200] },
  'GET /api/admin/users': { request: () => ({ url: '/api/admin/users' }), expect: [401, 403, 403, 200] },
  'GET /api/admin/users/export.csv': {
    request: () => ({ url: '/api/admin/users/export.csv' }),
    expect: [401, 403, 403, 200],
  },
  'PATCH /api/admin/users/:id/suspend': {
    request: (w) => ({ url: `/api/admin/users/${w.owner.user.id}/suspend`, payload: { suspended: true } }),
    expect: [401, 403, 403, 200],
  },
  'GET /api/admin/audit-log': { request: () => ({ url: '/api/admin/audit-log' }), expect: [401, 403, 403, 200] },

  // ——— Brokerages (member and manager columns are in brokerages/brokerages.test.ts) ———
  'POST /api/brokerages': {
    request: () => ({
      url: '/api/brokerages',
      payload: {
        name: 'Matrix Realty',
        ornNumber: String(Math.floor(Math.random() * 9_000_000) + 1000),
        tradeLicenceNumber: 'DED-1',
      },
    }),
    expect: [401, 403, 409, 403],
    note: 'brokers only (other is an investor); the owner already has one',
  },
  'GET /api/brokerages/my': { request: () => ({ url: '/api/brokerages/my' }), expect: [401, 200, 200, 200] },
  'PATCH /api/brokerages/:id': {
    request: (w) => ({ url: `/api/brokerages/${w.brokerage.id}`, payload: { officeAddress: 'Bay Square' } }),
    expect: [401, 403, 200, 403],
  },
  'DELETE /api/brokerages/:id': {
    request: (w) => ({ url: `/api/brokerages/${w.brokerage.id}` }),
    expect: [401, 403, 204, 403],
  },
  'GET /api/brokerages/:id/members': {
    request: (w) => ({ url: `/api/brokerages/${w.brokerage.id}/members` }),
    expect: [401, 403, 200, 403],
  },
  'PATCH /api/brokerages/:id/members/:userId': {
    request: (w) => ({
      url: `/api/brokerages/${w.brokerage.id}/members/${w.peer.user.id}`,
      payload: { role: 'manager' },
    }),
    expect: [401, 403, 200, 403],
  },
  'DELETE /api/brokerages/:id/members/:userId': {
    request: (w) => ({ url: `/api/brokerages/${w.brokerage.id}/members/${w.peer.user.id}` }),
    expect: [401, 403, 204, 403],
  },
  'POST /api/brokerages/:id/leave': {
    request: (w) => ({ url: `/api/brokerages/${w.brokerage.id}/leave` }),
    expect: [401, 403, 409, 403],
    note: 'the last owner cannot leave; a member leaving is in brokerages/brokerages.test.ts',
  },
  'GET /api/brokerages/:id/invitations': {
    request: (w) => ({ url: `/api/brokerages/${w.brokerage.id}/invitations` }),
    expect: [401, 403, 200, 403],
  },
  'POST /api/brokerages/:id/invitations': {
    request: (w) => ({ url: `/api/brokerages/${w.brokerage.id}/invitations`, payload: { email: 'new@example.com' } }),
    expect: [401, 403, 201, 403],
  },
  'DELETE /api/brokerages/:id/invitations/:invitationId': {
    request: (w) => ({ url: `/api/brokerages/${w.brokerage.id}/invitations/${w.invitation.id}` }),
    expect: [401, 403, 204, 403],
  },
  'GET /api/brokerages/invitations/:token': {
    request: (w) => ({ url: `/api/brokerages/invitations/${w.invitation.token}` }),
    expect: [200, 200, 200, 200],
    note: 'anyone holding the link sees what it is for',
  },
  'POST /api/brokerages/invitations/:token/accept': {
    request: (w) => ({ url: `/api/brokerages/invitations/${w.invitation.token}/accept` }),
    expect: [401, 200, 403, 403],
    note: 'only the invited address (other) may accept',
  },
  'POST /api/brokerages/invitations/:token/decline': {
    request: (w) => ({ url: `/api/brokerages/invitations/${w.invitation.token}/decline` }),
    expect: [401, 204, 403, 403],
  },
  'GET /api/brokerages/:slug': {
    request: (w) => ({ url: `/api/brokerages/${w.brokerage.slug}` }),
    expect: [200, 200, 200, 200],
  },
  'GET /api/admin/brokerages': { request: () => ({ url: '/api/admin/brokerages' }), expect: [401, 403, 403, 200] },
  'PATCH /api/admin/brokerages/:id/orn': {
    request: (w) => ({ url: `/api/admin/brokerages/${w.brokerage.id}/orn`, payload: { verified: true } }),
    expect: [401, 403, 403, 200],
  },
  // Team leads and seats: "owner" owns the world's brokerage; managers, members and
  // former members are in src/server/modules/team/leads.test.ts and seats.test.ts.
  'GET /api/brokerages/:id/leads': {
    request: (w) => ({ url: `/api/brokerages/${w.brokerage.id}/leads` }),
    expect: [401, 403, 200, 403],
  },
  'GET /api/brokerages/:id/leads.csv': {
    request: (w) => ({ url: `/api/brokerages/${w.brokerage.id}/leads.csv` }),
    expect: [401, 403, 200, 403],
  },
  'PATCH /api/brokerages/:id/leads/:leadId': {
    request: (w) => ({
      url: `/api/brokerages/${w.brokerage.id}/leads/${w.team.leadId}`,
      payload: { assignedToId: w.team.memberId, status: 'qualified' },
    }),
    expect: [401, 403, 200, 403],
  },
  'GET /api/brokerages/:id/leads/:leadId/notes': {
    request: (w) => ({ url: `/api/brokerages/${w.brokerage.id}/leads/${w.team.leadId}/notes` }),
    expect: [401, 403, 200, 403],
  },
  'POST /api/brokerages/:id/leads/:leadId/notes': {
    request: (w) => ({
      url: `/api/brokerages/${w.brokerage.id}/leads/${w.team.leadId}/notes`,
      payload: { body: 'Called back' },
    }),
    expect: [401, 403, 201, 403],
  },
  'GET /api/brokerages/:id/seats': {
    request: (w) => ({ url: `/api/brokerages/${w.brokerage.id}/seats` }),
    expect: [401, 403, 200, 403],
  },
  'POST /api/brokerages/:id/seats/checkout': {
    request: (w) => ({
      url: `/api/brokerages/${w.brokerage.id}/seats/checkout`,
      payload: { userIds: [w.team.memberId] },
    }),
    expect: [401, 403, 200, 403],
  },
  'POST /api/brokerages/:id/seats/test-confirm': {
    request: (w) => ({
      url: `/api/brokerages/${w.brokerage.id}/seats/test-confirm`,
      payload: {
        clientSecret: 'test_pi_000000000000000000000000_secret_xxxxxxxxxxxxxxxxxxxxxxxx',
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
      },
    }),
    expect: [401, 403, 404, 403],
    note: 'the paying walk is in src/server/modules/team/seats.test.ts',
  },
};

/** Routes from the app's own table, minus the built front end's static files and implied HEADs. */
async function routeTable(): Promise<{ t: TestAppLike; keys: string[] }> {
  const seen: string[] = [];
  const t = await createTestApp({
    serveWeb: true,
    env: { HUBSPOT_API_BASE: hubspot.base },
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const m of methods) seen.push(`${m} ${route.url}`);
    },
  });
  const keys = [...new Set(seen)].filter((key) => {
    const [method, url] = key.split(' ');
    if (method === 'HEAD' && seen.includes(`GET ${url}`)) return false;
    const file = path.join(WEB_DIST, url);
    return !(url !== '/' && !url.includes(':') && file.startsWith(WEB_DIST) && fs.existsSync(file));
  });
  return { t, keys };
}

// A HubSpot that refuses every token, so no cell of the matrix reaches the real one.
const hubspot = await startFakeHubspot({ tokens: [] });
afterAll(() => hubspot.close());
const { t, keys } = await routeTable();

describe('access-control matrix', () => {
  it('has an entry for every route, and no entry for a route that is gone', () => {
    expect(
      keys.filter((k) => !(k in MATRIX)),
      'routes without a matrix entry',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((k) => !keys.includes(k)),
      'entries without a route',
    ).toEqual([]);
  });

  it.each(Object.keys(MATRIX))('%s', async (key) => {
    const entry = MATRIX[key];
    const [method] = key.split(' ') as [InjectOptions['method']];
    const actual: number[] = [];
    const bodies: string[] = [];
    // Callers share a world until one of them may have changed it: a read changes nothing another
    // caller could see, and neither does a refused write (4xx); after a write that went through,
    // the next caller starts from a fresh world.
    let w: World | undefined;
    for (const who of CALLERS) {
      w ??= await createWorld(t);
      const req = entry.request(w, who);
      const res = await t.inject({ method, ...req, as: who === 'anonymous' ? undefined : w[who] });
      if (method !== 'GET' && res.statusCode < 400) w = undefined;
      actual.push(res.statusCode);
      bodies.push(`${who}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(actual, `[anonymous, other, owner, admin] for ${key}\n${bodies.join('\n')}`).toEqual(entry.expect);
  });
});
