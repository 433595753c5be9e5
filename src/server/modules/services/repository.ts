/** SQL of the services catalogue: filters, one entry, a provider's submissions, the admin's edits. */
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Service, ServiceQuery } from '../../../core/schemas/services';
import { SERVICE_TABS } from '../../../core/schemas/services';
import type { DbOrTx } from '../../db/client';
import { businessServices } from '../../db/schema';
import { textConditions } from '../../db/query/text';

type Row = typeof businessServices.$inferSelect;

export function toService(s: Row): Service {
  return {
    id: s.id,
    name: s.name,
    provider: s.provider,
    serviceType: s.serviceType,
    category: s.category,
    description: s.description,
    features: s.features,
    priceLabel: s.priceLabel,
    priceTier: s.priceTier,
    imageUrl: s.imageUrl,
    contactInfo: s.contactInfo,
    address: s.address,
    city: s.city,
    isApproved: s.isApproved,
    createdBy: s.createdBy,
    createdAt: s.createdAt.toISOString(),
    translations: s.translations ?? {},
  };
}

// English and Arabic text both: a visitor finds an entry by either.
const serviceDoc = sql`bitaqa_fold(concat_ws(' ', ${businessServices.name}, ${businessServices.provider}, ${businessServices.category}, ${businessServices.description}, ${businessServices.city}, array_to_string(${businessServices.features}, ' '), ${businessServices.translations} #>> '{ar,name}', ${businessServices.translations} #>> '{ar,provider}', ${businessServices.translations} #>> '{ar,description}', ${businessServices.translations} #>> '{ar,features}'))`;

export function serviceConditions(
  q: Omit<ServiceQuery, 'limit' | 'offset'>,
  opts: { includeHidden?: boolean } = {},
): SQL[] {
  const c: SQL[] = [];
  if (!opts.includeHidden) c.push(eq(businessServices.isApproved, true));
  if (q.category) c.push(eq(businessServices.category, q.category));
  const tabCategory = q.tab ? SERVICE_TABS[q.tab] : null;
  if (tabCategory) c.push(eq(businessServices.category, tabCategory));
  if (q.priceTier) c.push(eq(businessServices.priceTier, q.priceTier));
  if (q.search) c.push(...textConditions(serviceDoc, q.search));
  return c;
}

/** Newest first, then by name: there are no reviews to rank by. */
export async function listServices(
  db: DbOrTx,
  q: ServiceQuery,
  opts: { includeHidden?: boolean } = {},
): Promise<{ items: Service[]; total: number }> {
  const where = and(...serviceConditions(q, opts));
  const rows = await db
    .select()
    .from(businessServices)
    .where(where)
    .orderBy(desc(businessServices.createdAt), asc(businessServices.name), asc(businessServices.id))
    .limit(q.limit)
    .offset(q.offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(businessServices).where(where);
  return { items: rows.map(toService), total: count };
}

export async function countServicesBy(db: DbOrTx, userId: string): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(businessServices)
    .where(eq(businessServices.createdBy, userId));
  return count;
}

export type ServiceValues = Omit<typeof businessServices.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertService(db: DbOrTx, values: ServiceValues): Promise<Row> {
  const [row] = await db.insert(businessServices).values(values).returning();
  return row;
}

/** Locks the entry for a read-modify-write inside a transaction. */
export async function lockService(tx: DbOrTx, id: string): Promise<Row | undefined> {
  const [row] = await tx.select().from(businessServices).where(eq(businessServices.id, id)).for('update').limit(1);
  return row;
}

export async function updateService(db: DbOrTx, id: string, values: Partial<ServiceValues>): Promise<Row> {
  const [row] = await db.update(businessServices).set(values).where(eq(businessServices.id, id)).returning();
  return row;
}
