import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('password strength', () => {
  it("refuses the product's own name with the usual digits and symbols, in either script", () => {
    expect(passwordStrength('Bitaqa123!').ok).toBe(false);
    expect(passwordStrength('Bitaqa2026!').ok).toBe(false);
    expect(passwordStrength('بطاقة12345').ok).toBe(false);
  });

  it("refuses the person's own name and e-mail, whole or in pieces", () => {
    const me = ['layla.aboud@marinahomes.ae', 'Layla', 'Aboud'];
    expect(passwordStrength('laylaaboud1', me).ok).toBe(false);
    expect(passwordStrength('marinahomes2026', me).ok).toBe(false);
    expect(passwordStrength('Sapphire-Dune-Harbour-41', me).ok).toBe(true);
  });
});
