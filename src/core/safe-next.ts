/**
 * Where to go after signing in (`?next=`): a path on this site only. Anything a browser could
 * read as another origin is refused: protocol-relative `//host`, a backslash that browsers turn
 * into a slash (`/\host`), a scheme (`https:`, `javascript:`), or control characters hidden in it.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a URL parser strips are what we refuse.
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  try {
    const base = 'https://bitaqa.invalid';
    const url = new URL(raw, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `/login?next=…` for the page a signed-out visitor is on (no `next` for the home page). */
export function loginPathFor(current: string | null | undefined, page = '/login'): string {
  const next = safeNextPath(current);
  return next && next !== '/' ? `${page}?next=${encodeURIComponent(next)}` : page;
}
