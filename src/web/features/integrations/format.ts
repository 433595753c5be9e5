/** Dates and durations the integrations page shows, in the reader's language. */
export function formatWhen(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(language === 'ar' ? 'ar-AE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

export function formatNumber(n: number, language: string): string {
  return n.toLocaleString(language === 'ar' ? 'ar-AE' : 'en-GB');
}
