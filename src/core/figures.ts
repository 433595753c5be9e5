/**
 * Public figures, rounded down so a page never claims more than the database holds: a small count
 * exactly ("7"), tens below a hundred ("67" → "60+"), two significant digits above ("1,234" →
 * "1,200+"). `null` when there is nothing worth showing, so the page leaves the figure out.
 */
export function honestFigure(count: number, locale: string): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  const n = Math.floor(count);
  const fmt = (v: number) => v.toLocaleString(locale);
  if (n < 10) return fmt(n);
  const step = n < 100 ? 10 : 10 ** (Math.floor(Math.log10(n)) - 1);
  const floored = Math.floor(n / step) * step;
  return floored === n && n < 100 ? fmt(n) : `${fmt(floored)}+`;
}
