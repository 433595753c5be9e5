/**
 * Serves the built front end (dist/web): hashed assets with long caching, the app shell for
 * every route of the web app (200), the 404 page for other paths (404), JSON 404 under /api.
 * Modules may add <meta> tags for a route (Open Graph tags on /cards/{id}) or answer a
 * route with a whole server-rendered page (the public card page).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, matchRoute, PAGE_PRELOADS, SHELL_NAMESPACES, type SpaRoute } from '../core/routes';
import { isDatabaseUnavailable } from './db/faults';
import { errorBody } from './errors';
import { acceptLanguage } from './platform/mail/templates';
import { PROJECT_ROOT } from './paths';

export const WEB_DIST = path.join(PROJECT_ROOT, 'dist/web');

/** Returns extra HTML for <head> (already escaped), or null to leave the shell as it is. */
export type HeadProvider = (params: Record<string, string>, request: FastifyRequest) => Promise<string | null>;

/** Files of the build a server-rendered page links to (from Vite's manifest). */
export interface WebAssets {
  /** The app's stylesheet(s), e.g. /assets/index-abc.css. */
  styles: string[];
  /** The app's entry script, loaded by the shell. */
  appScript: string | null;
  /** A named extra entry (e.g. `card-entry.ts`): its script and the chunks it imports statically. */
  entry(src: string): { script: string; imports: string[] } | null;
  /**
   * The scripts a page of the app needs beyond the entry's own: the page module with
   * the chunks it imports, and its translation files in `language`; [] for an unknown page.
   */
  pageScripts(module: string, namespaces: string[], language: 'en' | 'ar'): string[];
}

/** Returns a complete HTML document for the route, or null to serve the app shell. */
export type PageRenderer = (
  params: Record<string, string>,
  request: FastifyRequest,
  reply: FastifyReply,
  assets: WebAssets,
) => Promise<string | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Route pattern → head tags provider; see web.ts. */
    headProviders: Map<string, HeadProvider>;
    /** Route pattern → whole-page renderer; see web.ts. */
    pageRenderers: Map<string, PageRenderer>;
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
 * never a replacement pattern that pastes the page shell into a meta tag.
 */
export function injectHead(html: string, head: string): string {
  return html.replace('</head>', () => `${head}\n</head>`);
}

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };

export function readWebAssets(dist: string): WebAssets {
  const file = path.join(dist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const index = manifest['index.html'];
  return {
    styles: (index?.css ?? []).map((f) => `/${f}`),
    appScript: index ? `/${index.file}` : null,
    entry(src) {
      const chunk = manifest[src];
      if (!chunk) return null;
      const imports = (chunk.imports ?? []).map((k) => manifest[k]?.file).filter((f): f is string => !!f);
      return { script: `/${chunk.file}`, imports: imports.map((f) => `/${f}`) };
    },
    pageScripts(module, namespaces, language) {
      if (!manifest[module]) return [];
      // What the entry already loads is named by the shell itself.
      const loaded = new Set(['index.html', ...(index?.imports ?? [])]);
      const files: string[] = [];
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || loaded.has(key)) return;
        loaded.add(key);
        files.push(`/${chunk.file}`);
        for (const dep of chunk.imports ?? []) visit(dep);
      };
      visit(module);
      for (const ns of [...SHELL_NAMESPACES, ...namespaces]) visit(`i18n/${language}/${ns}.json`);
      return files;
    },
  };
}

/**
 * The language the app will start in for this request, as far as the server can tell: the
 * visitor's choice (cookie), else their browser's (Accept-Language), else English.
 */
export function shellLanguage(request: FastifyRequest): 'en' | 'ar' {
  const chosen = request.cookies?.[LANGUAGE_COOKIE];
  if (chosen === 'en' || chosen === 'ar') return chosen;
  return acceptLanguage(request.headers['accept-language']) ?? 'en';
}

/** <link rel="modulepreload"> for a page's own code and texts, so they download beside the entry. */
function preloadTags(html: string, scripts: string[]): string {
  return scripts
    .filter((href) => !html.includes(`"${href}"`))
    .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`)
    .join('\n');
}

/** A page served again and again (a cached card page is the same string each time), with its ETag and compressed bodies. */
interface PageVariants {
  etag: string;
  /** The page's UTF-8 bytes, encoded once (20 KB encoded per answer was most of its cost). */
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}
const pageVariants = new LRUCache<string, PageVariants>({ max: 200 });
const pendingCompressions = new Set<Promise<void>>();
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** br or gzip, whichever the request accepts (br first), honouring q=0; undefined for neither. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim().toLowerCase(), weight ? Number(weight.slice(2)) : 1);
  }
  const ok = (e: string) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

/** Waits for the background compressions started so far (tests). */
export async function htmlCompressionsSettled(): Promise<void> {
  await Promise.all([...pendingCompressions]);
}

/** Compresses a page once, at the best settings, off the request's path. */
function compressInBackground(html: string, variants: PageVariants): void {
  if (variants.br || pendingCompressions.size > 8) return;
  const job = Promise.all([
    brotli(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length },
    }),
    gzip(html, { level: 9 }),
  ])
    .then(([br, gz]) => {
      variants.br = br;
      variants.gzip = gz;
    })
    .catch(() => {})
    .finally(() => pendingCompressions.delete(job));
  pendingCompressions.add(job);
}

/**
 * Sends an HTML page that may change at any time: revalidated on every visit (no-cache) with a
 * strong ETag of its bytes, so an unchanged page costs a 304. A page served before is
 * sent from its kept ETag and compressed bodies (the first visit is compressed on the fly).
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, status = 200): FastifyReply {
  let variants = pageVariants.get(html);
  if (variants === undefined) {
    const identity = Buffer.from(html);
    variants = { etag: `"${crypto.createHash('sha1').update(identity).digest('base64url')}"`, identity };
    pageVariants.set(html, variants);
  }
  reply
    .header('Cache-Control', 'no-cache')
    .header('ETag', variants.etag)
    .header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
  if (status === 200 && request.headers['if-none-match'] === variants.etag) return reply.status(304).send();
  reply.status(status).type('text/html; charset=utf-8');
  const encoding = html.length >= 1024 ? acceptedEncoding(request.headers['accept-encoding']) : undefined;
  if (encoding) {
    const body = variants[encoding];
    // Content-Encoding set: the compression plugin leaves the body as it is.
    if (body) return reply.header('Content-Encoding', encoding).send(body);
    compressInBackground(html, variants);
    return reply.send(html);
  }
  return reply.send(variants.identity);
}

export async function registerWeb(app: FastifyInstance, dist = WEB_DIST): Promise<void> {
  const indexFile = path.join(dist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      // Our own Cache-Control below; the default would add `max-age=0` after it.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Fingerprinted names under /assets/ never change content: a year, immutable.
        // The service worker must be checked on every visit, or a fixed release would wait for
        // the hour to pass before phones even notice it.
        const name = path.basename(filePath);
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : name === 'sw.js'
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
  } else {
    app.log.warn('dist/web not found: run "npm run build" to serve the front end');
  }
  const shell = () =>
    hasBuild ? fs.readFileSync(indexFile, 'utf8') : '<!doctype html><title>Bitaqa</title><p>Front end not built.</p>';
  const production = app.ctx.config.env === 'production';
  const cachedShell = production ? shell() : null;
  const cachedAssets = production ? readWebAssets(dist) : null;

  const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    if (pathname === '/api' || pathname.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send(errorBody('NOT_FOUND', `Route ${request.method} ${pathname} not found`));
    }
    return reply.status(404).type('text/plain').send('Not found');
  };
  app.setNotFoundHandler(notFound);

  // Pages are a catch-all route rather than the not-found handler, so route hooks such as
  // compression apply to them.
  app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    if (pathname === '/api' || pathname.startsWith('/api/')) return notFound(request, reply);
    if (/\.[a-z0-9]{2,5}$/i.test(pathname) && !pathname.startsWith('/cards/')) return notFound(request, reply);
    let html = cachedShell ?? shell();
    const match = matchRoute(pathname);
    if (match) {
      const renderer = app.pageRenderers.get(match.pattern);
      if (renderer) {
        const page = await renderer(match.params, request, reply, cachedAssets ?? readWebAssets(dist)).catch(
          (err: unknown) => {
            // The database away: 503 with Retry-After (error handler), not a shell that says 200
            // to crawlers and caches for a page that could not be read.
            if (isDatabaseUnavailable(err)) throw err;
            request.log.error({ err }, 'page rendering failed; serving the app shell');
            return null;
          },
        );
        if (page) return sendHtml(request, reply, page);
      }
      const provider = app.headProviders.get(match.pattern);
      const head = provider
        ? await provider(match.params, request).catch((err: unknown) => {
            if (isDatabaseUnavailable(err)) throw err;
            return null;
          })
        : null;
      const page = PAGE_PRELOADS[match.pattern as SpaRoute];
      const assets = cachedAssets ?? readWebAssets(dist);
      const preloads = page
        ? preloadTags(html, assets.pageScripts(page.module, page.namespaces, shellLanguage(request)))
        : '';
      if (head || preloads) html = injectHead(html, [preloads, head].filter(Boolean).join('\n'));
    }
    // A page renderer that found no such card or brokerage marks the reply 404: the app shell
    // still answers (the app shows its not-found page) but search engines see no soft 404.
    return sendHtml(request, reply, html, match && reply.statusCode !== 404 ? 200 : 404);
  });
}
