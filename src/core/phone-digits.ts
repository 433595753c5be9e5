/**
 * Digits of a stored E.164 number ("+971501234567" → "971501234567") for wa.me and tel: links,
 * or '' when the text is not E.164. Numbers are stored in E.164, so list pages build
 * their links with this and do not download the phone library; forms and detail pages
 * that parse or format what a person typed use core/phone.
 */
export function e164Digits(phone: string | null | undefined): string {
  return phone?.trim().match(/^\+([1-9]\d{6,14})$/)?.[1] ?? '';
}
