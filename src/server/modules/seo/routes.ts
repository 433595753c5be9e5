/**
 * What search engines read: /sitemap.xml with every approved public card and approved
 * listing (the cards' and listings' own visibility rules decide), and /robots.txt pointing to it.
 * Served at the site root, beside the pages, not under /api.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createCardService } from '../cards/service';
import { listedPropertyIds, listingDay } from '../properties/service';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const seoRoutes: FastifyPluginAsync = async (app) => {
  const { publicUrl } = app.ctx.config;
  const cards = createCardService(app.ctx);

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /admin',
          'Disallow: /profile',
          'Disallow: /messages',
          `Sitemap: ${publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const [cardEntries, listings] = await Promise.all([
      cards.publicEntries(),
      listedPropertyIds(app.ctx.db, 50_000, listingDay(app.ctx)),
    ]);
    const url = (loc: string, changed?: Date) =>
      `<url><loc>${xml(loc)}</loc>${changed ? `<lastmod>${changed.toISOString()}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...['/', '/directory', '/properties', '/services', '/about'].map((p) => url(`${publicUrl}${p}`)),
      ...cardEntries.map((c) => url(`${publicUrl}/cards/${c.id}`, c.updatedAt)),
      ...listings.map((p) => url(`${publicUrl}/properties/${p.id}`, p.updatedAt)),
      '</urlset>',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=600').send(body);
  });
};
