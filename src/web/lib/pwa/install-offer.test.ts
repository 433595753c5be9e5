/**
 * When "Install Bitaqa" is offered: not on a first visit unless the user has an approved card,
 * from the second visit on, and not for a month after it was dismissed (the clock is passed in).
 */
import { describe, expect, it } from 'vitest';
import { countVisit, dismissInstallOffer, INSTALL_SNOOZE_MS, installOfferDue, isIosSafari } from './install-offer';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}
const storage = () => new MemoryStorage() as unknown as Storage;
const DAY = 24 * 3600 * 1000;
const now = Date.UTC(2026, 10, 29, 9);

describe('install offer', () => {
  it('waits for the second visit, or comes earlier with an approved card', () => {
    const local = storage();
    expect(countVisit(local, storage())).toBe(1);
    expect(installOfferDue(1, now, local)).toBe(false);
    expect(installOfferDue(1, now, local, true)).toBe(true);
    // Reloads within one browser session are one visit; a new session is the second.
    const session = storage();
    expect(countVisit(local, session)).toBe(2);
    expect(countVisit(local, session)).toBe(2);
    expect(installOfferDue(2, now, local)).toBe(true);
  });

  it('stays away for a month once dismissed', () => {
    const local = storage();
    dismissInstallOffer(now, local);
    expect(INSTALL_SNOOZE_MS).toBe(30 * DAY);
    expect(installOfferDue(5, now + DAY, local, true)).toBe(false);
    expect(installOfferDue(5, now + 29 * DAY, local, true)).toBe(false);
    expect(installOfferDue(5, now + 31 * DAY, local, true)).toBe(true);
  });

  it('shows the Home Screen guide only to Safari on iPhone and iPad', () => {
    const iphoneSafari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    const iphoneChrome =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    expect(isIosSafari(iphoneSafari)).toBe(true);
    expect(isIosSafari(iphoneChrome)).toBe(false);
    expect(isIosSafari(android)).toBe(false);
  });
});
