/**
 * Contact links of a business card (spec §2 Public card view), shared by the server's vCard and
 * the web page: the dialable number, and WhatsApp / Telegram links from its digits only.
 */
import { phoneDigits } from './format';

/** The full number: the country code is added unless the phone already carries one. */
export function fullPhone(phone: string | null | undefined, countryCode: string | null | undefined): string | null {
  const p = phone?.trim();
  if (!p) return null;
  if (p.startsWith('+')) return p;
  if (p.startsWith('00')) return `+${p.slice(2)}`;
  return `${countryCode || '+971'} ${p.replace(/^0+/, '')}`;
}

export function whatsappLink(phone: string | null | undefined, countryCode: string | null | undefined): string | null {
  const digits = phoneDigits(fullPhone(phone, countryCode));
  return digits ? `https://wa.me/${digits}` : null;
}

export function telegramLink(phone: string | null | undefined, countryCode: string | null | undefined): string | null {
  const digits = phoneDigits(fullPhone(phone, countryCode));
  return digits ? `https://t.me/+${digits}` : null;
}

export function telLink(phone: string | null | undefined, countryCode: string | null | undefined): string | null {
  const digits = phoneDigits(fullPhone(phone, countryCode));
  return digits ? `tel:+${digits}` : null;
}
