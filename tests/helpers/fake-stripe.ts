/**
 * A stand-in for api.stripe.com on 127.0.0.1 that the real `stripe` SDK talks to (fakes
 * of outside services are real local HTTP servers). It keeps customers, prices,
 * subscriptions and invoices in memory, records every request, and builds signed-ready
 * webhook payloads for the tests.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Obj = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  /** The Idempotency-Key header, when the client sent one. */
  idempotencyKey?: string;
}

export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  metadata: Record<string, string>;
  price: string;
  periodStart: number;
  periodEnd: number;
  latestInvoice: string;
}

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const YEAR = 365 * 24 * 3600;

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoices = new Map<string, Obj>();
  /** One-off payments (a brokerage's seats). */
  readonly paymentIntents = new Map<string, Obj>();
  /** Answers already given per Idempotency-Key: Stripe replays them instead of acting twice. */
  private readonly replies = new Map<string, [number, Obj]>();
  private server?: http.Server;
  url = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const u = new URL(req.url ?? '/', 'http://127.0.0.1');
        const params: Record<string, string> = {};
        for (const [k, v] of new URLSearchParams(u.search)) params[k] = v;
        for (const [k, v] of new URLSearchParams(body)) params[k] = v;
        const key = req.headers['idempotency-key'];
        const idempotencyKey = typeof key === 'string' ? key : undefined;
        this.requests.push({ method: req.method ?? 'GET', path: u.pathname, params, idempotencyKey });
        const replayed = idempotencyKey ? this.replies.get(`${req.method} ${u.pathname} ${idempotencyKey}`) : undefined;
        const [status, json] = replayed ?? this.route(req.method ?? 'GET', u.pathname, params);
        if (idempotencyKey && !replayed)
          this.replies.set(`${req.method} ${u.pathname} ${idempotencyKey}`, [status, json]);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Requests to one endpoint, e.g. ('POST', '/v1/subscriptions'). */
  calls(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  private error(status: number, message: string, code = 'resource_missing'): [number, Obj] {
    return [status, { error: { type: 'invalid_request_error', code, message } }];
  }

  private route(method: string, path: string, p: Record<string, string>): [number, Obj] {
    if (method === 'POST' && path === '/v1/customers') {
      const c = {
        id: id('cus'),
        object: 'customer',
        email: p.email,
        name: p.name,
        metadata: { userId: p['metadata[userId]'] },
      };
      this.customers.set(c.id, c);
      return [200, c];
    }
    if (method === 'GET' && path === '/v1/prices') {
      const key = p['lookup_keys[0]'] ?? p['lookup_keys[]'];
      const data = [...this.prices.values()].filter((x) => x.lookup_key === key);
      return [200, { object: 'list', data, has_more: false, url: '/v1/prices' }];
    }
    if (method === 'POST' && path === '/v1/prices') {
      const price = {
        id: id('price'),
        object: 'price',
        currency: p.currency,
        unit_amount: Number(p.unit_amount),
        recurring: { interval: p['recurring[interval]'] },
        lookup_key: p.lookup_key,
        product: id('prod'),
        active: true,
      };
      this.prices.set(price.id, price);
      return [200, price];
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (!this.customers.has(p.customer)) return this.error(400, `No such customer: '${p.customer}'`);
      const invoice = this.newInvoice(p.customer, '');
      const sub: FakeSubscription = {
        id: id('sub'),
        customer: p.customer,
        status: 'incomplete',
        metadata: { userId: p['metadata[userId]'] },
        price: p['items[0][price]'],
        periodStart: now(),
        periodEnd: now() + YEAR,
        latestInvoice: invoice.id as string,
      };
      (invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription = sub.id;
      this.subscriptions.set(sub.id, sub);
      return [200, this.subscriptionJson(sub, p)];
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (!this.customers.has(p.customer)) return this.error(400, `No such customer: '${p.customer}'`);
      const piId = id('pi');
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(p)) {
        const m = k.match(/^metadata\[(\w+)\]$/);
        if (m) metadata[m[1]] = v;
      }
      const pi = {
        id: piId,
        object: 'payment_intent',
        amount: Number(p.amount),
        amount_received: 0,
        currency: p.currency,
        customer: p.customer,
        description: p.description,
        status: 'requires_payment_method',
        client_secret: `${piId}_secret_${crypto.randomBytes(8).toString('hex')}`,
        metadata,
      };
      this.paymentIntents.set(piId, pi);
      return [200, pi];
    }
    const subMatch = path.match(/^\/v1\/subscriptions\/(sub_\w+)$/);
    if (subMatch) {
      const sub = this.subscriptions.get(subMatch[1]);
      if (!sub) return this.error(404, `No such subscription: '${subMatch[1]}'`);
      if (method === 'DELETE') sub.status = 'canceled';
      return [200, this.subscriptionJson(sub, p)];
    }
    return this.error(404, `Unrecognized request URL (${method}: ${path})`);
  }

  private newInvoice(customer: string, subscription: string): Obj {
    const inv: Obj = {
      id: id('in'),
      object: 'invoice',
      customer,
      currency: 'aed',
      amount_due: 10000,
      amount_paid: 0,
      status: 'open',
      confirmation_secret: {
        client_secret: `${id('pi')}_secret_${crypto.randomBytes(8).toString('hex')}`,
        type: 'payment_intent',
      },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription, metadata: {} },
      },
      lines: { object: 'list', data: [{ id: id('il'), period: { start: now(), end: now() + YEAR } }], has_more: false },
    };
    this.invoices.set(inv.id as string, inv);
    return inv;
  }

  private subscriptionJson(sub: FakeSubscription, p: Record<string, string>): Obj {
    const expand = Object.entries(p)
      .filter(([k]) => k.startsWith('expand'))
      .map(([, v]) => v);
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: sub.status,
      metadata: sub.metadata,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: { id: sub.price },
            current_period_start: sub.periodStart,
            current_period_end: sub.periodEnd,
          },
        ],
      },
      latest_invoice: expand.some((e) => e.startsWith('latest_invoice'))
        ? this.invoices.get(sub.latestInvoice)
        : sub.latestInvoice,
    };
  }

  /** A subscription made outside our server's normal path (e.g. the loser of a race). */
  createSubscription(customer: string, userId: string): FakeSubscription {
    const price = [...this.prices.keys()][0] ?? 'price_unknown';
    const [, json] = this.route('POST', '/v1/subscriptions', {
      customer,
      'metadata[userId]': userId,
      'items[0][price]': price,
    });
    const sub = this.subscriptions.get(json.id as string);
    if (!sub) throw new Error(`could not create a subscription: ${JSON.stringify(json)}`);
    return sub;
  }

  /** Stripe's side of a successful payment of the subscription's latest invoice. */
  pay(subId: string): Obj {
    const sub = this.subscriptions.get(subId);
    if (!sub) throw new Error(`no subscription ${subId}`);
    sub.status = 'active';
    const invoice = this.invoices.get(sub.latestInvoice) as Obj;
    invoice.status = 'paid';
    invoice.amount_paid = 10000;
    return invoice;
  }

  /** Stripe's side of a successful one-off payment: the PaymentIntent as the webhook sends it. */
  payIntent(piId: string): Obj {
    const pi = this.paymentIntents.get(piId);
    if (!pi) throw new Error(`no payment intent ${piId}`);
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    return pi;
  }

  /** A new invoice for the subscription (a renewal). */
  renewalInvoice(subId: string): Obj {
    const sub = this.subscriptions.get(subId);
    if (!sub) throw new Error(`no subscription ${subId}`);
    const inv = this.newInvoice(sub.customer, sub.id);
    sub.latestInvoice = inv.id as string;
    return inv;
  }

  /** The JSON body of a webhook event, as Stripe would send it. */
  event(type: string, object: Obj, created = now()): string {
    return JSON.stringify({
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: JSON.parse(JSON.stringify(object)) },
    });
  }
}
