/**
 * The web app manifest, which makes Bitaqa installable on a phone. It is served by the server
 * rather than as a static file so its name, description and shortcuts are in the visitor's
 * language (the same choice as the app shell: the language cookie, else Accept-Language).
 */
import type { FastifyPluginAsync } from 'fastify';
import arApp from '../../../web/i18n/ar/app.json';
import enApp from '../../../web/i18n/en/app.json';
import { SHARE_TARGET_PATH } from '../../../core/pwa';
import { shellLanguage } from '../../web';

const TEXTS = { en: enApp.manifest, ar: arApp.manifest } as const;

/** The brand's dark teal: the splash screen and the phone's status bar match the app's header. */
export const THEME_COLOR = '#0f3d3e';

export function webManifest(lang: 'en' | 'ar') {
  const t = TEXTS[lang];
  const icon = (src: string, size: number, purpose: 'any' | 'maskable') => ({
    src,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/',
    name: t.name,
    short_name: t.shortName,
    description: t.description,
    lang,
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    start_url: '/?source=pwa',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOR,
    background_color: '#ffffff',
    categories: ['business', 'productivity'],
    icons: [
      icon('/icons/icon-192.png', 192, 'any'),
      icon('/icons/icon-512.png', 512, 'any'),
      icon('/icons/maskable-192.png', 192, 'maskable'),
      icon('/icons/maskable-512.png', 512, 'maskable'),
    ],
    shortcuts: [
      { name: t.myQr, short_name: t.myQr, url: '/my-qr', icons: [icon('/icons/icon-192.png', 192, 'any')] },
      { name: t.scan, short_name: t.scan, url: '/contacts/scan', icons: [icon('/icons/icon-192.png', 192, 'any')] },
      { name: t.contacts, short_name: t.contacts, url: '/contacts', icons: [icon('/icons/icon-192.png', 192, 'any')] },
    ],
    // A photo shared from the gallery or the camera opens the scan review with it.
    share_target: {
      action: SHARE_TARGET_PATH,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: 'front', accept: ['image/*'] }] },
    },
  };
}

export const pwaRoutes: FastifyPluginAsync = async (app) => {
  app.get('/manifest.webmanifest', async (request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .header('Vary', 'Accept-Language, Cookie')
      .send(JSON.stringify(webManifest(shellLanguage(request)))),
  );
};
