/** The public figures: live counts of what a visitor can find, moving as soon as content does. */
import { describe, expect, it } from 'vitest';
import { businessServices } from '../../db/schema';
import { honestFigure } from '../../../core/figures';
import { createTestApp } from '../../../../tests/helpers/app';
import { approvedCardFor } from '../../../../tests/helpers/cards';

const t = await createTestApp();

const stats = async () => {
  const res = await t.inject({ method: 'GET', url: '/api/stats/public' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { cards: number; brokers: number; listings: number; services: number };
};

describe('GET /api/stats/public', () => {
  it('counts listed cards, brokers and services; a new card moves the figure at once', async () => {
    const before = await stats();
    expect(before).toEqual({ cards: 0, brokers: 0, listings: 0, services: 0 });

    const investor = await t.signUp({ role: 'investor' });
    await approvedCardFor(t, investor);
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    await approvedCardFor(t, broker);
    // An unpaid broker's card is not listed, so it is not counted either.
    const lapsed = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'inactive' });
    await approvedCardFor(t, lapsed);
    // Nor is a card still waiting for review.
    const pending = await t.signUp({ role: 'investor' });
    await approvedCardFor(t, pending, { status: 'pending' });
    await t.database.db.insert(businessServices).values([
      { name: 'Shown', serviceType: 'company', category: 'Real Estate' },
      { name: 'Hidden', serviceType: 'company', category: 'Real Estate', isApproved: false },
    ]);

    const after = await stats();
    expect(after.cards).toBe(2);
    expect(after.brokers).toBe(1);
    expect(after.services).toBe(1);
  });
});

describe('honestFigure', () => {
  it('rounds down and never claims more than there is', () => {
    expect(honestFigure(0, 'en-US')).toBeNull();
    expect(honestFigure(7, 'en-US')).toBe('7');
    expect(honestFigure(60, 'en-US')).toBe('60');
    expect(honestFigure(67, 'en-US')).toBe('60+');
    expect(honestFigure(150, 'en-US')).toBe('150+');
    expect(honestFigure(1_234, 'en-US')).toBe('1,200+');
    expect(honestFigure(23_999, 'en-US')).toBe('23,000+');
  });
});
