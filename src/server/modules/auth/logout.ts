/**
 * Signing out at /api/logout. Only a POST from our own pages
 * signs out, and it closes that session's open /ws sockets in every process. A GET, which any
 * <img> or cross-site link can make, only shows a page with a button that posts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../errors';

/** True when the request comes from another site (browsers send Origin / Sec-Fetch-Site on POSTs). */
function crossSite(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    const o = new URL(origin);
    return o.origin !== new URL(publicUrl).origin && o.host !== request.headers.host;
  } catch {
    return true;
  }
}

const CONFIRM_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign out of Bitaqa</title>
</head>
<body>
<main>
<h1>Sign out of Bitaqa?</h1>
<form method="post" action="/api/logout">
<button type="submit">Sign out</button>
</form>
<p><a href="/">Stay signed in and go home</a></p>
</main>
</body>
</html>
`;

export const logoutRoutes: FastifyPluginAsyncZod = async (app) => {
  // The header's Logout button is a plain form: an empty urlencoded body needs no parsing.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  app.get('/logout', async (request, reply) => {
    if (!request.session.userId) return reply.redirect('/');
    return reply
      .header('Cache-Control', 'no-store')
      .header('X-Frame-Options', 'DENY')
      .type('text/html; charset=utf-8')
      .send(CONFIRM_PAGE);
  });

  app.post('/logout', async (request: FastifyRequest, reply: FastifyReply) => {
    if (crossSite(request, app.ctx.config.publicUrl)) {
      throw forbidden('Sign-out must come from this site.', 'CROSS_SITE');
    }
    const userId = request.session.userId;
    const sessionId = request.session.sessionId;
    await request.session.destroy();
    if (userId) await app.realtime.endSessions({ userId, sessionId });
    return reply.redirect('/');
  });
};
