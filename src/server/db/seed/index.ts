/**
 * Demo data for a newcomer: loaded once into an empty database
 * unless SEED_DEMO=false. Each step takes what the earlier ones made; a feature that needs
 * demo data appends its steps to SEED_STEPS.
 */
import { ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../schema';
import { seedBrokerages } from './brokerages';
import { seedCardAnalytics } from './analytics';
import { seedBusiness } from './business';
import { seedCards } from './cards';
import { seedContacts } from './contacts';
import { seedConversations } from './conversations';
import { seedDemoInbox } from './inbox';
import { seedProperties } from './properties';
import { seedRegisters } from './registers';
import { seedServices } from './services';
import { createRandom, type Random } from './random';
import { type DemoUser, seedUsers } from './users';

export interface SeedState {
  users: DemoUser[];
  rnd: Random;
}

export type SeedStep = (ctx: AppContext, state: SeedState) => Promise<void>;

/** Steps after the users, in order. */
const SEED_STEPS: { name: string; run: SeedStep }[] = [
  { name: 'cards', run: seedCards },
  { name: 'conversations', run: seedConversations },
  { name: 'business', run: seedBusiness },
  { name: 'properties', run: seedProperties },
  { name: 'services', run: seedServices },
  { name: 'brokerages', run: seedBrokerages },
  { name: 'contacts', run: seedContacts },
  // After the inquiries (business): they become the cards' leads.
  { name: 'analytics', run: (ctx, state) => seedCardAnalytics(ctx.db, state.rnd, ctx.now()) },
  // After the cards: the register the demo brokers' licences are checked against.
  { name: 'registers', run: (ctx) => seedRegisters(ctx) },
];

export async function seedDemo(ctx: AppContext, log: { info: (o: object, m?: string) => void }): Promise<boolean> {
  const [{ count }] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(ne(users.role, 'admin'));
  if (count > 0) return false;
  const rnd = createRandom();
  const state: SeedState = { users: await seedUsers(ctx.db, rnd), rnd };
  for (const step of SEED_STEPS) await step.run(ctx, state);
  if (ctx.config.seedDemoInbox > 0) await seedDemoInbox(ctx.db, ctx.config.seedDemoInbox);
  log.info({ users: state.users.length, steps: SEED_STEPS.map((s) => s.name) }, 'demo data loaded');
  return true;
}
