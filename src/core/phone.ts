/**
 * Phone numbers: parsed with libphonenumber-js, stored in E.164
 * ("+971501234567"), typed in national form ("050 123 4567", UAE by default) or international
 * form ("+971 50 123 4567"), shown in international format for their country, and turned into
 * WhatsApp / Telegram / tel: links from the E.164 digits. One module for the forms, the server
 * and the migration of numbers already stored.
 */
import { type CountryCallingCode, parsePhoneNumberWithError, ParseError, type PhoneNumber } from 'libphonenumber-js';

/** Numbers typed without a country code are UAE numbers unless a form chose another code. */
export const DEFAULT_PHONE_COUNTRY = 'AE' as const;
/** What a phone field accepts at most, before parsing (the columns hold 32 characters). */
export const PHONE_INPUT_MAX = 32;

export const PHONE_MESSAGES = {
  invalid: 'Please enter a valid phone number, e.g. 050 123 4567 or +971 50 123 4567',
  tooLong: 'This phone number is too long',
  tooShort: 'This phone number is too short',
  country: 'Unknown country code: start international numbers with + and the country code',
} as const;

export type PhoneResult = { ok: true; e164: string; number: PhoneNumber } | { ok: false; message: string };

/**
 * Parses what a person typed. `callingCode` ("+971", "44") is the country a national number
 * belongs to; without it national numbers are UAE numbers.
 */
export function parsePhone(input: string, callingCode?: string | null): PhoneResult {
  const text = input.trim();
  if (text.length > PHONE_INPUT_MAX) return { ok: false, message: PHONE_MESSAGES.tooLong };
  // Letters are not phone numbers (libphonenumber would read "1-800-FLOWERS" style words).
  if (!/^[+0-9 ()./-]+$/.test(text)) return { ok: false, message: PHONE_MESSAGES.invalid };
  const cc = callingCode?.replace(/\D/g, '');
  let number: PhoneNumber;
  try {
    number = parsePhoneNumberWithError(text.replace(/^00/, '+'), {
      ...(cc && cc !== '971'
        ? { defaultCallingCode: cc as CountryCallingCode }
        : { defaultCountry: DEFAULT_PHONE_COUNTRY }),
      extract: false,
    });
  } catch (err) {
    if (err instanceof ParseError) {
      if (err.message === 'TOO_LONG') return { ok: false, message: PHONE_MESSAGES.tooLong };
      if (err.message === 'TOO_SHORT') return { ok: false, message: PHONE_MESSAGES.tooShort };
      if (err.message === 'INVALID_COUNTRY') return { ok: false, message: PHONE_MESSAGES.country };
    }
    return { ok: false, message: PHONE_MESSAGES.invalid };
  }
  if (!number.isValid()) {
    const digits = number.nationalNumber.length;
    // Longer than any number of that country: say so rather than "invalid".
    if (digits > 12 || (number.countryCallingCode === '971' && digits > 9)) {
      return { ok: false, message: PHONE_MESSAGES.tooLong };
    }
    return { ok: false, message: PHONE_MESSAGES.invalid };
  }
  return { ok: true, e164: number.number, number };
}

/** The E.164 form of a stored number, also of one stored before numbers were normalized. */
export function toE164(phone: string | null | undefined, callingCode?: string | null): string | null {
  if (!phone?.trim()) return null;
  const r = parsePhone(phone, callingCode);
  if (r.ok) return r.e164;
  // Older sign-ups stored "+971 050 123 4567": the trunk 0 after the country code.
  const trunk = phone.trim().match(/^\+(\d{1,3})\s+0(.*)$/);
  if (trunk) {
    const again = parsePhone(`+${trunk[1]}${trunk[2]}`);
    if (again.ok) return again.e164;
  }
  return null;
}

/** For display: the international format ("+971 50 123 4567"), or the text as typed if it never parsed. */
export function formatPhone(phone: string | null | undefined, callingCode?: string | null): string | null {
  if (!phone?.trim()) return null;
  const e164 = toE164(phone, callingCode);
  if (!e164) return phone.trim();
  const r = parsePhone(e164);
  return r.ok ? r.number.formatInternational() : e164;
}

/** Digits of the E.164 number (no +), or '' when the number does not parse. */
export function phoneLinkDigits(phone: string | null | undefined, callingCode?: string | null): string {
  return toE164(phone, callingCode)?.slice(1) ?? '';
}

/** "+971" for "+971501234567": the country code a card stores beside its number. */
export function phoneCallingCode(e164: string): string | null {
  const r = parsePhone(e164);
  return r.ok ? `+${r.number.countryCallingCode}` : null;
}
