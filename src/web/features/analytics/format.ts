/** Numbers, days and period comparisons in the page's language, for the analytics charts. */
export const localeOf = (language: string) => (language === 'ar' ? 'ar-AE' : 'en-GB');

export function formatCount(n: number, language: string): string {
  return n.toLocaleString(localeOf(language));
}

/** A YYYY-MM-DD day as "26 Nov" (the day is a calendar day: read and written in UTC). */
export function formatDay(day: string, language: string, long = false): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(localeOf(language), {
    day: 'numeric',
    month: long ? 'long' : 'short',
    ...(long ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

/**
 * The change from the previous period: 'new' when there was nothing before, 'same' when equal,
 * else a signed, rounded percentage such as "+12 %".
 */
export function periodChange(
  current: number,
  previous: number,
  language: string,
): { kind: 'new' | 'same' | 'change'; text: string; up: boolean } {
  if (current === previous) return { kind: 'same', text: '', up: false };
  if (previous === 0) return { kind: 'new', text: '', up: true };
  const ratio = (current - previous) / previous;
  const text = new Intl.NumberFormat(localeOf(language), {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  }).format(ratio);
  return { kind: 'change', text, up: ratio > 0 };
}
