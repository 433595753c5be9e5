/** Parsing, E.164, display and links, the same in browser and server. */
import { describe, expect, it } from 'vitest';
import { formatPhone, PHONE_MESSAGES, parsePhone, phoneLinkDigits, toE164 } from './phone';
import { optionalPhoneField, phoneField } from './schemas/phone';

const e164 = (input: string, cc?: string) => {
  const r = parsePhone(input, cc);
  return r.ok ? r.e164 : r.message;
};

describe('phone numbers', () => {
  it('reads national UAE numbers, with or without the trunk 0', () => {
    expect(e164('050 123 4567')).toBe('+971501234567');
    expect(e164('0501234567')).toBe('+971501234567');
    expect(e164('50 123 4567')).toBe('+971501234567');
    expect(e164('04 501 5000')).toBe('+97145015000');
  });

  it('reads international numbers typed in full, with + or 00', () => {
    expect(e164('+971501234567')).toBe('+971501234567');
    expect(e164('+971 50 123 4567')).toBe('+971501234567');
    expect(e164('00971 50 123 4567')).toBe('+971501234567');
    expect(e164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('reads a national number of the country a form chose', () => {
    expect(e164('020 7946 0958', '+44')).toBe('+442079460958');
    expect(e164('050 123 4567', '+971')).toBe('+971501234567');
  });

  it('refuses a number that is too long with a clear message', () => {
    expect(e164('+971 5012345678901234')).toBe(PHONE_MESSAGES.tooLong);
    expect(e164('+97150123456789')).toBe(PHONE_MESSAGES.tooLong);
    expect(e164('0501234567890123456789012345678901')).toBe(PHONE_MESSAGES.tooLong);
  });

  it('refuses numbers that are not valid for their country, unknown codes and words', () => {
    expect(e164('+971 12 345 6789')).not.toMatch(/^\+/);
    expect(e164('+999 501234567')).toBe(PHONE_MESSAGES.country);
    expect(e164('12')).not.toMatch(/^\+/);
    expect(e164('call me')).toBe(PHONE_MESSAGES.invalid);
    // A UK mobile is not a UAE number when typed nationally.
    expect(e164('07700 900123')).not.toMatch(/^\+/);
  });

  it('shows numbers in the international format of their country', () => {
    expect(formatPhone('+971501234567')).toBe('+971 50 123 4567');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    // Stored before normalization: "050 123 4567" with the card's code, and "+971 050 …".
    expect(formatPhone('050 123 4567', '+971')).toBe('+971 50 123 4567');
    expect(formatPhone('+971 050 123 4567')).toBe('+971 50 123 4567');
    expect(toE164('+971 050 123 4567')).toBe('+971501234567');
    // Never parsed: shown as typed.
    expect(formatPhone('ask reception')).toBe('ask reception');
    expect(formatPhone('')).toBeNull();
  });

  it('builds WhatsApp and Telegram digits from the E.164 number only', () => {
    expect(phoneLinkDigits('050 123 4567')).toBe('971501234567');
    expect(phoneLinkDigits('+44 20 7946 0958')).toBe('442079460958');
    expect(phoneLinkDigits('ask reception')).toBe('');
  });

  it('the shared zod fields hand on E.164 and field messages', () => {
    expect(phoneField.parse('050 123 4567')).toBe('+971501234567');
    const bad = phoneField.safeParse('+971 5012345678901234');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe(PHONE_MESSAGES.tooLong);
    expect(optionalPhoneField.parse('')).toBe('');
    expect(optionalPhoneField.parse(null)).toBeNull();
    expect(optionalPhoneField.parse('+971501234567')).toBe('+971501234567');
  });
});
