import { useTranslation } from 'react-i18next';

/**
 * A date (YYYY-MM-DD, read as that day wherever the admin is) or a moment, written the reader's
 * way: "14 Mar 2027" or "١٤ مارس ٢٠٢٧".
 */
export function useRegisterDate() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'ar' ? 'ar-AE' : 'en-GB';
  return (value: string) => {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
    return new Date(day ? `${value}T00:00:00Z` : value).toLocaleDateString(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(day ? { timeZone: 'UTC' } : {}),
    });
  };
}
