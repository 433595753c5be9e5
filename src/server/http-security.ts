/**
 * Security headers and cross-site request refusal.
 *
 * Headers: helmet on every answer (HTML and JSON) with a real Content-Security-Policy
 * (no inline scripts: the page loads only our bundle and Stripe's script), frame-ancestors
 * 'none', nosniff, a Referrer-Policy, and HSTS when PUBLIC_URL is https. Helmet's middleware is
 * built once (@fastify/helmet rebuilt it, parsing the policy, for every request).
 *
 * Cross-site requests: a state-changing request (anything but GET/HEAD/OPTIONS) that a browser marks as coming from another site is refused with 403. Browsers send
 * `Sec-Fetch-Site` and `Origin`; a request with neither is not from a browser page (curl, Stripe's
 * webhooks, server-to-server) and carries no ambient cookie risk of its own, so it passes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config';
import { errorBody } from './errors';

const STRIPE_SCRIPT = 'https://js.stripe.com';

export function contentSecurityPolicy(https: boolean): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", STRIPE_SCRIPT],
    // React and Radix set style attributes from script; no stylesheet comes from elsewhere.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'https://api.stripe.com'],
    frameSrc: [STRIPE_SCRIPT, 'https://hooks.stripe.com'],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: https ? [] : null,
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request comes from a page of our own origin (or from no browser page at all). */
export function isSameOriginRequest(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  // Our public address, or the address this request was sent to (a dev proxy keeps the Host).
  const own = `${request.protocol}://${request.headers.host ?? ''}`;
  return origin === publicOrigin || origin === own;
}

/** The headers a helmet middleware sets, read by running it once on a recording response. */
export function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failure: unknown;
  let finished = false;
  middleware({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, (err) => {
    failure = err;
    finished = true;
  });
  if (!finished || failure) throw new Error(`helmet did not finish synchronously: ${String(failure ?? 'no callback')}`);
  return headers;
}

export async function registerHttpSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    // Stripe's payment iframe is cross-origin and does not send CORP headers.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  // Nothing in this configuration depends on the request (no nonces), so the headers are taken
  // from helmet once and set as one object per answer (its chain of thirteen
  // middlewares ran for every request).
  const headers = headersOf(securityHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    // WebSocket upgrades (GET) check their Origin in platform/realtime/plugin.ts.
    if (SAFE_METHODS.has(request.method)) return;
    if (isSameOriginRequest(request, publicOrigin)) return;
    request.log.warn(
      { origin: request.headers.origin, site: request.headers['sec-fetch-site'] },
      'cross-site request refused',
    );
    return reply
      .status(403)
      .send(errorBody('CROSS_SITE_REQUEST', 'This request came from another site and was refused.'));
  });
}
