/**
 * Typo-tolerant names in the directory's text box and in smart search: a swap of two neighbouring
 * letters anywhere in a name word of five letters or more, or one wrong, missing or extra letter,
 * still finds the person; a word two typos away does not.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app';
import { createCard, createOwner } from '../../../../tests/helpers/discovery';

const t = await createTestApp();
const db = t.database.db;

const PEOPLE = ['Elena Volkova', 'Ahmed Al Mansoori', 'Isabelle Dubois', 'Samir Haddad', 'Priya Nair'];

beforeAll(async () => {
  for (const name of PEOPLE) {
    const owner = await createOwner(db, { role: 'real_estate_broker' });
    await createCard(db, owner.id, { name, area: 'Dubai Marina', languages: ['english'] });
  }
});

async function directory(q: string): Promise<string[]> {
  const res = await t.inject({ method: 'GET', url: `/api/business-cards/public?search=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().map((c: { name: string }) => c.name);
}

async function smart(q: string): Promise<string[]> {
  const res = await t.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().professionals.map((c: { name: string }) => c.name);
}

/** Every swap of two neighbouring (different) letters of a word. */
function swaps(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return out;
}

describe('typo-tolerant names', () => {
  it('finds "Voklova", "Mnasoori" and "Duobis" in the directory box and in smart search', async () => {
    for (const [q, name] of [
      ['Voklova', 'Elena Volkova'],
      ['Mnasoori', 'Ahmed Al Mansoori'],
      ['Duobis', 'Isabelle Dubois'],
    ]) {
      expect(await directory(q), q).toEqual([name]);
      expect(await smart(q), q).toEqual([name]);
    }
  });

  it('finds a person whatever two neighbouring letters of the name are swapped', async () => {
    for (const [word, name] of [
      ['Volkova', 'Elena Volkova'],
      ['Dubois', 'Isabelle Dubois'],
      ['Haddad', 'Samir Haddad'],
      ['Isabelle', 'Isabelle Dubois'],
    ] as const) {
      for (const q of swaps(word)) expect(await directory(q), q).toContain(name);
    }
  });

  it('finds a person with one wrong, missing or extra letter', async () => {
    for (const q of ['Volkava', 'Volkoa', 'Volkovva', 'Dubios', 'Duboiss', 'Mansori']) {
      expect((await directory(q)).length, q).toBeGreaterThan(0);
    }
    expect(await directory('Volkava')).toEqual(['Elena Volkova']);
    expect(await smart('Elena Voklova')).toEqual(['Elena Volkova']);
  });

  it('keeps every word of the search: a typo match does not widen another word', async () => {
    expect(await directory('Voklova Haddad')).toEqual([]);
    expect(await directory('Isabelle Duobis')).toEqual(['Isabelle Dubois']);
  });

  it('does not match a name two typos away or a short word with a typo', async () => {
    expect(await directory('Vkolvoa')).toEqual([]);
    expect(await directory('Nari')).toEqual([]);
  });
});
