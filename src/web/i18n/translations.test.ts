/** Nothing shows in English on an Arabic page because a key was added in one language. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../core/places';

const dir = path.dirname(fileURLToPath(import.meta.url));
const namespaces = fs.readdirSync(path.join(dir, 'en')).filter((f) => f.endsWith('.json'));

/** Every leaf as [path, text]; a path's parts are joined with › (keys may contain dots). */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}›${k}` : k));
}
const keys = (value: unknown) => leaves(value).map(([k]) => k);

const read = (lang: string, file: string) => JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8'));

describe('translations', () => {
  it('has an Arabic file for every English namespace', () => {
    expect(namespaces.length).toBeGreaterThan(10);
    for (const file of namespaces) expect(fs.existsSync(path.join(dir, 'ar', file)), file).toBe(true);
  });

  it.each(namespaces)('%s: every English text has its Arabic translation, and none is left empty', (file) => {
    const ar = new Set(keys(read('ar', file)));
    const missing = keys(read('en', file)).filter((k) => !ar.has(k));
    expect(missing).toEqual([]);
    const empty = leaves(read('ar', file))
      .filter(([, text]) => typeof text === 'string' && text.trim() === '')
      .map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('names every canonical area (core/places.ts) in both languages, as the list spells it', () => {
    // The place names come from one list; the enums namespace carries them so that a card page
    // shows "دبي مارينا" without downloading the list itself.
    expect(read('en', 'enums.json').location).toEqual(Object.fromEntries(AREAS.map((a) => [a.name, a.name])));
    expect(read('ar', 'enums.json').location).toEqual(Object.fromEntries(AREAS.map((a) => [a.name, a.ar])));
  });
});
