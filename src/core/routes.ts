/**
 * The browser routes (spec §2, plus pages the issues add). The server answers these with the
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
  '/admin',
  '/admin-login',
] as const;

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
