/**
 * Every code the server may send has a text in both languages, and the catalog holds no code
 * the server cannot send: an error never reaches a reader as the server's English alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../core/error-codes';

const dir = path.dirname(fileURLToPath(import.meta.url));
const catalog = (lang: 'en' | 'ar') =>
  (JSON.parse(fs.readFileSync(path.join(dir, lang, 'errors.json'), 'utf8')) as { code: Record<string, string> }).code;
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('error catalog', () => {
  it.each(['en', 'ar'] as const)('%s has a text for every error code and no other', (lang) => {
    const texts = catalog(lang);
    expect(ERROR_CODES.filter((code) => !texts[code]?.trim())).toEqual([]);
    expect(Object.keys(texts).filter((code) => !(ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  it('fills the same values into both languages', () => {
    const en = catalog('en');
    const ar = catalog('ar');
    const differ = ERROR_CODES.filter((code) => placeholders(en[code]).join() !== placeholders(ar[code]).join());
    expect(differ).toEqual([]);
  });

  it('writes the Arabic texts in Arabic', () => {
    const ar = catalog('ar');
    expect(ERROR_CODES.filter((code) => !/[\u0600-\u06FF]/.test(ar[code]))).toEqual([]);
  });
});
