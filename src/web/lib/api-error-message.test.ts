/**
 * What a failed request tells the user: the catalog's text for the answer's code in the language
 * they read, not the server's English, with the answer's own values filled in.
 */
import { afterAll, describe, expect, it } from 'vitest';
import i18n, { i18nReady } from '../i18n';
import { ApiError } from './api';

await i18nReady;

const answer = (status: number, body: unknown) =>
  new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body));

async function inLanguage(lng: 'en' | 'ar') {
  await i18n.changeLanguage(lng);
  await i18n.loadNamespaces('errors');
}

afterAll(() => i18n.changeLanguage('en'));

describe('ApiError.serverMessage', () => {
  const cardLimit = { message: 'You can have at most 5 business cards.', code: 'CARD_LIMIT', max: 5 };
  const invitation = {
    message: 'This invitation was sent to sara@example.com. Sign in with that address to answer it.',
    code: 'INVITATION_EMAIL_MISMATCH',
    email: 'sara@example.com',
  };

  it("shows an Arabic reader the catalog's Arabic text, filled with the answer's values", async () => {
    await inLanguage('ar');
    expect(answer(409, cardLimit).serverMessage).toBe('الحد الأقصى لعدد بطاقات الأعمال في الحساب هو 5.');
    expect(answer(403, invitation).serverMessage).toBe(
      'أُرسلت هذه الدعوة إلى sara@example.com. سجّل الدخول بذلك البريد للرد عليها.',
    );
    expect(answer(404, { message: 'Invoice not found', code: 'INVOICE_NOT_FOUND' }).serverMessage).toBe(
      'لم يتم العثور على الفاتورة',
    );
  });

  it("shows an English reader the catalog's English text, not whatever the server wrote", async () => {
    await inLanguage('en');
    expect(answer(409, cardLimit).serverMessage).toBe('You can have at most 5 business cards.');
    expect(answer(409, { message: 'At most 5 keys, revoke one', code: 'API_KEY_LIMIT', max: 5 }).serverMessage).toBe(
      'At most 5 keys may be live at once; revoke one first.',
    );
  });

  it("keeps a validation failure's own words in English, and says it generally in Arabic", async () => {
    const invalid = { message: 'Use a date like 2026-12-31', code: 'VALIDATION_FAILED', errors: { until: 'x' } };
    await inLanguage('en');
    expect(answer(400, invalid).serverMessage).toBe('Use a date like 2026-12-31');
    await inLanguage('ar');
    expect(answer(400, invalid).serverMessage).toBe('يرجى مراجعة الحقول المظللة.');
  });

  it('falls back to the status text for a code outside the list, or a body that is not JSON', async () => {
    await inLanguage('ar');
    const unknown = answer(409, { message: 'Something odd', code: 'NOT_A_CODE' });
    expect(unknown.code).toBeUndefined();
    expect(unknown.serverMessage).toBe('تغيّر هذا العنصر في هذه الأثناء. أعد تحميل الصفحة وحاول مجدداً');
    await inLanguage('en');
    expect(answer(502, '<html>Bad gateway</html>').serverMessage).toBe('<html>Bad gateway</html>');
    expect(answer(503, '<html>Down</html>').serverMessage).toBe(
      'The service is briefly unavailable. Please try again in a moment.',
    );
  });
});
