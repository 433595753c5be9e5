/**
 * The readable API reference at /docs/api: Scalar's viewer of /api/v1/openapi.json, served from
 * this server (the viewer's script ships inside @scalar/fastify-api-reference; no CDN).
 *
 * The plugin's own page starts the viewer with an inline script, which the Content-Security-Policy
 * (script-src 'self') forbids, so the page is ours: the same viewer script, started by a small
 * script file. Fonts from Scalar's servers and telemetry are turned off; the policy would refuse
 * them anyway.
 */
import scalar from '@scalar/fastify-api-reference';
import type { FastifyPluginAsync } from 'fastify';

const PREFIX = '/docs/api';

const viewerOptions = {
  url: '/api/v1/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never' as const,
  hideClientButton: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  metaData: { title: 'Bitaqa API reference' },
};

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Bitaqa API reference</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta name="description" content="The Bitaqa public API: leads, contacts, cards, listings and webhooks." />
  </head>
  <body>
    <main id="app"><noscript>The reference needs JavaScript. The document itself: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</noscript></main>
    <script src="${PREFIX}/js/scalar.js"></script>
    <script src="${PREFIX}/start.js"></script>
  </body>
</html>
`;

const start = `Scalar.createApiReference('#app', ${JSON.stringify(viewerOptions)});\n`;

export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  // Scalar's plugin serves its viewer script at /docs/api/js/scalar.js; its HTML page at /docs/api/
  // is answered here instead, before its handler runs.
  await app.register(scalar, {
    routePrefix: PREFIX,
    configuration: viewerOptions,
    hooks: {
      onRequest: async (request, reply) => {
        if (request.url.split('?')[0] === `${PREFIX}/`) {
          return reply.header('Cache-Control', 'public, max-age=300').type('text/html; charset=utf-8').send(page);
        }
        if (request.url.startsWith(`${PREFIX}/js/`)) reply.header('Cache-Control', 'public, max-age=86400');
      },
    },
  });
  app.get(`${PREFIX}/start.js`, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=300').type('application/javascript; charset=utf-8').send(start),
  );
};
