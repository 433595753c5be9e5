/**
 * The OpenAPI 3.1 document's frame: what the routes do not say themselves — the introduction
 * (keys, scopes, errors, paging, idempotency, rate limits), the bearer scheme, and the webhook
 * deliveries (`webhooks`), with recipes to check their signature. The paths come from the v1
 * routes' own zod schemas (routes.ts).
 */
import { z } from 'zod';
import { API_SCOPES } from '../../../core/schemas/api-keys';
import { contactSchema } from '../../../core/schemas/contacts';
import { WEBHOOK_EVENTS, type WebhookEventType } from '../../../core/schemas/webhooks';

type Json = Record<string, unknown>;

const nodeRecipe = `\`\`\`js
import crypto from 'node:crypto';

// rawBody: the request body exactly as received (a string or Buffer, before JSON parsing).
function verifyBitaqa(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(signatureHeader.split(',').map((p) => p.split('=')));
  const t = Number(parts.t);
  if (!t || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = crypto.createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === 32 && crypto.timingSafeEqual(given, Buffer.from(expected, 'hex'));
}
\`\`\``;

const pythonRecipe = `\`\`\`python
import hashlib, hmac, time

def verify_bitaqa(raw_body: bytes, signature_header: str, secret: str, tolerance_seconds: int = 300) -> bool:
    parts = dict(p.split("=", 1) for p in signature_header.split(","))
    t = int(parts.get("t", "0"))
    if not t or abs(time.time() - t) > tolerance_seconds:
        return False
    expected = hmac.new(secret.encode(), f"{t}.".encode() + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts.get("v1", ""))
\`\`\``;

const description = `The Bitaqa public API: your leads, contact book, cards and listings, and webhook subscriptions.

## Authentication
Make a key on **Settings → API keys** and send it on every request:

    Authorization: Bearer bq_live_…

The secret is shown once, when the key is made; Bitaqa keeps only its hash. A key has **scopes**
(${API_SCOPES.map((s) => `\`${s}\``).join(', ')}); a route needs the one it names. A key acts as the
person who made it. A **brokerage key**, made by a brokerage's owner or a manager, also reads the team's
leads and manages the brokerage's webhooks, for as long as its maker manages the brokerage.
The sign-in cookie of the web app does not open this API, and a key opens nothing but this API.

## Errors
Every error answers the same JSON shape with a stable \`code\`:

    { "code": "INSUFFICIENT_SCOPE", "message": "This API key does not have the contacts:write scope.", "scope": "contacts:write" }

Invalid input answers 400 \`VALIDATION_FAILED\` with \`errors\` naming each field. Codes include
\`API_KEY_MISSING\`, \`API_KEY_INVALID\`, \`API_KEY_REVOKED\`, \`API_KEY_EXPIRED\` (401),
\`INSUFFICIENT_SCOPE\` (403), \`*_NOT_FOUND\` (404), \`IDEMPOTENCY_KEY_IN_USE\` (409),
\`IDEMPOTENCY_KEY_REUSED\` (422), \`RATE_LIMITED\` (429) and \`INVALID_CURSOR\` (400).

## Paging and sync
Lists answer \`{ "items": [...], "next_cursor": "…" | null }\` in the order of the last change, oldest
first. Pass \`next_cursor\` back as \`?cursor=\` for the next page, and \`limit\` (1–100) for its size.
\`updated_since\` (ISO 8601) keeps only records created or changed since then: keep the newest
\`updatedAt\` you saw and ask again with it to read just the changes.

## Idempotency
A \`POST\` may carry an \`Idempotency-Key\` header. Sending it again with the same key and the same body
answers the first answer again (with \`Idempotent-Replayed: true\`) instead of creating a second record;
the same key with another body answers 422. Keys are kept for 24 hours, per API key.

## Rate limits
Each key may make a number of requests per minute. Every answer says where the window stands:
\`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds until the window starts again).
Past the limit the answer is 429 with \`Retry-After\`.

## Webhooks (REST hooks for Zapier, Make and n8n)
\`POST /api/v1/webhooks\` subscribes a URL to events and \`DELETE /api/v1/webhooks/{id}\` unsubscribes it:
the "REST hooks" pattern Zapier, Make and n8n use (subscribe = create, unsubscribe = delete). Each event is
a \`POST\` of JSON \`{ "id", "type", "created", "data" }\` to your URL, with the headers
\`Bitaqa-Event-Id\` (the event's id: deliveries may repeat, so skip ids you have already handled) and
\`Bitaqa-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\`, keyed with the endpoint's
\`secret\`. Answer any 2xx within 10 seconds; failed deliveries are tried again with growing delays, and an
endpoint that keeps failing is turned off. The events and their \`data\` are listed under Webhooks.

Check the signature against the raw body before parsing it. Node.js:

${nodeRecipe}

Python:

${pythonRecipe}
`;

const str = { type: 'string' };
const nstr = { type: ['string', 'null'] };

const leadData: Json = {
  type: 'object',
  required: ['lead'],
  properties: {
    lead: {
      type: 'object',
      properties: {
        id: str,
        source: { type: 'string', enum: ['inquiry', 'exchange'] },
        inquiry_type: str,
        name: str,
        email: nstr,
        phone: nstr,
        company: nstr,
        message: nstr,
        status: str,
        assigned_to: nstr,
        brokerage_id: nstr,
        card: { type: 'object', properties: { id: str, name: str } },
        created_at: { type: 'string', format: 'date-time' },
      },
    },
  },
};

function contactData(): Json {
  const { $schema: _, ...schema } = z.toJSONSchema(contactSchema, { io: 'output' }) as Json;
  return schema;
}

function eventData(type: WebhookEventType): Json {
  switch (type) {
    case 'lead.created':
    case 'lead.updated':
    case 'exchange.created':
      return leadData;
    case 'contact.created':
    case 'contact.updated':
      return contactData();
    case 'card.approved':
    case 'card.rejected':
      return {
        type: 'object',
        properties: {
          card: {
            type: 'object',
            properties: { id: str, name: str, ...(type === 'card.rejected' ? { reason: nstr } : {}) },
          },
        },
      };
    case 'listing.approved':
      return { type: 'object', properties: { listing: { type: 'object', properties: { id: str, title: str } } } };
    case 'brokerage.member_joined':
    case 'brokerage.member_left':
      return {
        type: 'object',
        properties: {
          brokerage_id: str,
          member: { type: 'object', properties: { user_id: str, role: nstr } },
        },
      };
  }
}

const EVENT_SUMMARIES: Record<WebhookEventType, string> = {
  'lead.created': 'A lead arrived on one of your cards (or your team’s)',
  'lead.updated': 'A lead’s status or assignment changed',
  'exchange.created': 'A visitor shared their details back from your card',
  'contact.created': 'A contact was added to your book',
  'contact.updated': 'A contact in your book changed',
  'card.approved': 'Your card was approved and is published',
  'card.rejected': 'Your card was turned down in review',
  'listing.approved': 'Your listing was approved',
  'brokerage.member_joined': 'Someone joined your brokerage',
  'brokerage.member_left': 'Someone left your brokerage',
};

function webhooks(): Json {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((type) => [
      type,
      {
        post: {
          operationId: `event_${type.replace(/[.]/g, '_')}`,
          summary: EVENT_SUMMARIES[type],
          tags: ['Webhook events'],
          parameters: [
            { name: 'Bitaqa-Event-Id', in: 'header', required: true, schema: str, description: 'The event’s id.' },
            {
              name: 'Bitaqa-Signature',
              in: 'header',
              required: true,
              schema: str,
              description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint’s secret.',
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'type', 'created', 'data'],
                  properties: {
                    id: { type: 'string', format: 'uuid' },
                    type: { type: 'string', const: type },
                    created: { type: 'integer', description: 'When the event happened, in Unix seconds.' },
                    data: eventData(type),
                  },
                },
              },
            },
          },
          responses: { '2XX': { description: 'Received; any other answer is retried later.' } },
        },
      },
    ]),
  );
}

/** The `openapi` option of @fastify/swagger: everything but the paths. */
export function openApiDocument(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: { title: 'Bitaqa API', version: '1.0.0', description },
    servers: [{ url: publicUrl }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http' as const, scheme: 'bearer', description: 'An API key: `bq_live_…`.' },
      },
    },
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'Account' },
      { name: 'Leads' },
      { name: 'Contacts' },
      { name: 'Cards' },
      { name: 'Listings' },
      { name: 'Webhooks', description: 'REST hooks: subscribe with POST, unsubscribe with DELETE.' },
      { name: 'Webhook events', description: 'What Bitaqa POSTs to a subscribed URL.' },
    ],
    webhooks: webhooks(),
  };
}
