import { describe, expect, it } from 'vitest';
import { acceptLanguage, requestLanguage, renderMail } from './templates';

describe('mail language', () => {
  it('reads Accept-Language by quality and ignores languages without templates', () => {
    expect(acceptLanguage('ar-AE,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(acceptLanguage('fr-FR, en;q=0.5, ar;q=0.7')).toBe('ar');
    expect(acceptLanguage('en-GB')).toBe('en');
    expect(acceptLanguage('fr, de')).toBeNull();
    expect(acceptLanguage('ar;q=0, en;q=0.1')).toBe('en');
    expect(acceptLanguage(undefined)).toBeNull();
  });

  it('prefers the signed-in user’s saved language over the header', () => {
    expect(requestLanguage({ headers: { 'accept-language': 'en' } }, { preferredLanguage: 'ar' })).toBe('ar');
    expect(requestLanguage({ headers: { 'accept-language': 'ar' } }, null)).toBe('ar');
    expect(requestLanguage({ headers: {} })).toBe('en');
  });

  it('escapes what users typed in the HTML part and keeps links whole', () => {
    const m = renderMail('cardRejected', 'ar', {
      name: '<b>Omar</b>',
      cardName: 'A & B',
      reason: 'Photo <missing>',
      link: 'https://bitaqa.test/edit-card/1',
    });
    expect(m.html).not.toContain('<b>Omar</b>');
    expect(m.html).toContain('&lt;b&gt;Omar&lt;/b&gt;');
    expect(m.html).toContain('<a href="https://bitaqa.test/edit-card/1" dir="ltr">');
    expect(m.text).toContain('https://bitaqa.test/edit-card/1');
    expect(m.text).toContain('Photo <missing>');
  });
});

describe('links in mail', () => {
  it('makes every link Bitaqa built clickable, also in a list, and no URL a user typed', () => {
    const m = renderMail('followUpReminder', 'en', {
      name: 'Layla',
      items: [
        {
          contact: 'Omar http://evil.example/a',
          note: 'see https://evil.example/b',
          link: 'https://bitaqa.test/contacts/1',
        },
        { contact: 'Sara', note: null, link: 'https://bitaqa.test/contacts/2' },
      ],
    });
    expect(m.html).toContain('<a href="https://bitaqa.test/contacts/1" dir="ltr">');
    expect(m.html).toContain('<a href="https://bitaqa.test/contacts/2" dir="ltr">');
    expect(m.html).not.toContain('href="http://evil.example');
    expect(m.html).not.toContain('href="https://evil.example');
  });
});
