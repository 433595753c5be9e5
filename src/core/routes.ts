/**
 * The browser routes. The server answers these with the
 * app shell (HTTP 200) and every other non-API path with the 404 page (HTTP 404).
 */
export const SPA_ROUTES = [
  '/',
  '/login',
  '/signup',
  '/verify-email',
  '/confirm-email',
  '/forgot-password',
  '/reset-password',
  '/role-selection',
  '/create-card',
  '/edit-card/:id',
  '/cards/:id',
  '/directory',
  '/search',
  '/properties',
  '/properties/new',
  '/properties/:id',
  '/properties/:id/edit',
  '/services',
  '/messages',
  '/profile',
  '/subscription',
  '/about',
  '/my-qr',
  '/contacts',
  '/contacts/new',
  '/contacts/templates',
  '/contacts/:id',
  '/offline',
  '/admin',
  '/admin/registers',
  '/admin-login',
  '/brokerage',
  '/brokerages/invitations/:token',
  '/brokerages/:slug',
  '/contacts/scan',
  '/settings/api-keys',
  '/settings/integrations',
] as const;
export type SpaRoute = (typeof SPA_ROUTES)[number];

/** The cookie that carries the visitor's language choice to the server. */
export const LANGUAGE_COOKIE = 'bitaqa.lang';

/** Translation namespaces every page needs before its first paint (the layout, enum labels, API errors). */
export const SHELL_NAMESPACES = ['common', 'enums', 'errors', 'app'];

/**
 * The code and texts of the pages a visitor often lands on, by route. The server names
 * them in the app shell with <link rel="modulepreload">, so a phone fetches them beside the app's
 * entry script instead of one round trip after it; the web's routes load the same module and
 * namespaces (`module` is the page's path under src/web, as in Vite's manifest).
 */
export const PAGE_PRELOADS: Partial<Record<SpaRoute, { module: string; namespaces: string[] }>> = {
  '/': { module: 'app/landing/landing-page.tsx', namespaces: ['landing', 'roles', 'discovery'] },
  '/login': { module: 'features/auth/pages/login-page.tsx', namespaces: ['auth', 'validation'] },
  '/signup': { module: 'features/auth/pages/signup-page.tsx', namespaces: ['auth', 'roles', 'validation'] },
  '/about': { module: 'features/about/about-page.tsx', namespaces: ['about', 'roles'] },
  '/directory': { module: 'features/directory/directory-page.tsx', namespaces: ['discovery'] },
  '/search': { module: 'features/search/search-page.tsx', namespaces: ['discovery'] },
  '/properties': { module: 'features/properties/pages/properties-page.tsx', namespaces: ['discovery'] },
  '/properties/:id': { module: 'features/properties/pages/property-page.tsx', namespaces: ['discovery', 'inquiries'] },
  '/services': { module: 'features/services/services-page.tsx', namespaces: ['discovery'] },
};

/** The namespaces a preloaded page reads (routes.tsx loads them with the page). */
export function pageNamespaces(route: SpaRoute): string[] {
  return PAGE_PRELOADS[route]?.namespaces ?? [];
}

/** Matches a path against the route patterns; returns the params of the first match. */
export function matchRoute(
  pathname: string,
  patterns: readonly string[] = SPA_ROUTES,
): { pattern: string; params: Record<string, string> } | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const parts = clean.split('/');
  for (const pattern of patterns) {
    const pp = pattern.split('/');
    if (pp.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pp.length; i++) {
      if (pp[i].startsWith(':')) {
        if (!parts[i]) ok = false;
        else params[pp[i].slice(1)] = decodeURIComponent(parts[i]);
      } else if (pp[i] !== parts[i]) ok = false;
      if (!ok) break;
    }
    if (ok) return { pattern, params };
  }
  return null;
}
