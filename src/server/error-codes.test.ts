/**
 * The server's error codes come from one list in core: the helpers in errors.ts accept only its
 * codes, and this scan catches a code written by hand where no type looks at it (an object literal
 * sent on a socket or a reply), so the web's catalog always has a text for what the server says.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../core/error-codes';

const root = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const files = sources(root).map((file) => ({ file: path.relative(root, file), text: fs.readFileSync(file, 'utf8') }));
const known: readonly string[] = ERROR_CODES;

describe('server error codes', () => {
  it('writes no code outside the list in an object literal', () => {
    const literals = files.flatMap(({ file, text }) =>
      [...text.matchAll(/\bcode:\s*['"`]([A-Z][A-Z0-9_]*)['"`]/g)].map((m) => ({ file, code: m[1] })),
    );
    // The scan sees the socket's error events, so it looks where it should.
    expect(literals.map((l) => l.code)).toContain('BAD_MESSAGE');
    expect(literals.filter((l) => !known.includes(l.code))).toEqual([]);
  });

  it('sends no error body by hand: routes throw, and hooks use errorBody()', () => {
    const byHand = files.flatMap(({ file, text }) =>
      [...text.matchAll(/\.send\(\s*\{[^}]*\bcode\s*:/g)].map((m) => `${file}@${m.index}`),
    );
    expect(byHand).toEqual([]);
  });
});
