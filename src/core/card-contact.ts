/**
 * Contact links of a business card, shared by the server's vCard and
 * the web page. The number is shown in the international format of its country, and
 * the WhatsApp / Telegram / tel: links are built from its E.164 form only.
 */
import { formatPhone, phoneLinkDigits } from './phone';

/** The number to show ("+971 50 123 4567"), or as typed when it never parsed. */
export function fullPhone(phone: string | null | undefined, countryCode: string | null | undefined): string | null {
  return formatPhone(phone, countryCode);
}

export function whatsappLink(phone: string | null | undefined, countryCode: string | null | undefined): string | null {
  const digits = phoneLinkDigits(phone, countryCode);
  return digits ? `https://wa.me/${digits}` : null;
}

export function telegramLink(phone: string | null | undefined, countryCode: string | null | undefined): string | null {
  const digits = phoneLinkDigits(phone, countryCode);
  return digits ? `https://t.me/+${digits}` : null;
}

export function telLink(phone: string | null | undefined, countryCode: string | null | undefined): string | null {
  const digits = phoneLinkDigits(phone, countryCode);
  return digits ? `tel:+${digits}` : null;
}
