/**
 * Serves the built front end (dist/web): hashed assets with long caching, the app shell for
 * every route of spec §2 (200), the 404 page for other paths (404), JSON 404 under /api.
 * Modules may add <meta> tags for a route (issue 3: Open Graph tags on /cards/{id}).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute } from '../core/routes';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/** Returns extra HTML for <head> (already escaped), or null to leave the shell as it is. */
export type HeadProvider = (params: Record<string, string>, request: FastifyRequest) => Promise<string | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Route pattern → head tags provider; see web.ts. */
    headProviders: Map<string, HeadProvider>;
  }
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Puts tags before </head> with a replacer function, so `$&` or `$\`` in a card name is text,
 * never a replacement pattern that pastes the page shell into a meta tag (issue 11 finding 12).
 */
export function injectHead(html: string, head: string): string {
  return html.replace('</head>', () => `${head}\n</head>`);
}

export async function registerWeb(app: FastifyInstance): Promise<void> {
  const indexFile = path.join(WEB_DIST, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn('dist/web not found: run "npm run build" to serve the front end');
  }
  const shell = () =>
    hasBuild ? fs.readFileSync(indexFile, 'utf8') : '<!doctype html><title>Bitaqa</title><p>Front end not built.</p>';
  const cachedShell = app.ctx.config.env === 'production' ? shell() : null;

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    if (pathname === '/api' || pathname.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send({ message: `Route ${request.method} ${pathname} not found`, code: 'NOT_FOUND' });
    }
    if (/\.[a-z0-9]{2,5}$/i.test(pathname) && !pathname.startsWith('/cards/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    let html = cachedShell ?? shell();
    const match = matchRoute(pathname);
    if (match) {
      const provider = app.headProviders.get(match.pattern);
      const head = provider ? await provider(match.params, request).catch(() => null) : null;
      if (head) html = injectHead(html, head);
    }
    return reply
      .status(match ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
