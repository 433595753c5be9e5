import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeNextPath('/messages?conversation=abc')).toBe('/messages?conversation=abc');
    expect(safeNextPath('/card/1#contact')).toBe('/card/1#contact');
  });

  it('refuses other sites however they are written', () => {
    for (const bad of [
      '//evil.com',
      'https://evil.com/x',
      '/\\evil.com',
      '\\\\evil.com',
      'javascript:alert(1)',
      '/\t/evil.com',
      'evil.com',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(bad), String(bad)).toBeNull();
    }
  });

  it('builds the sign-in link that brings the visitor back', () => {
    expect(loginPathFor('/messages?conversation=c1')).toBe('/login?next=%2Fmessages%3Fconversation%3Dc1');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.com')).toBe('/login');
  });
});
