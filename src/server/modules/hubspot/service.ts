/**
 * HubSpot connections. A user connects their own account; a brokerage's owner or a manager
 * connects the brokerage's (its team leads go there). The token is tried against HubSpot before
 * it is kept, sealed; a connection of another owner reads as not found.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { HubspotItemKind, HubspotStatus, HubspotSync, HubspotSyncState } from '../../../core/schemas/hubspot';
import type { DbOrTx } from '../../db/client';
import { AppError, fieldError, notFound } from '../../errors';
import { openSecret, sealSecret } from '../account/secret-box';
import { accountOf, contactUrl, type HubspotAccount, type HubspotError, hubspotClient } from './client';
import { type HubspotConnectionRow, hubspotConnections, hubspotSyncs } from './schema';

export type HubspotOwner = { userId: string } | { brokerageId: string };

export interface HubspotSettings {
  totpKey: Buffer;
  basePath?: string;
}

function ownerWhere(owner: HubspotOwner) {
  return 'userId' in owner
    ? eq(hubspotConnections.userId, owner.userId)
    : eq(hubspotConnections.brokerageId, owner.brokerageId);
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function connectionOf(db: DbOrTx, owner: HubspotOwner): Promise<HubspotConnectionRow | null> {
  const [row] = await db.select().from(hubspotConnections).where(ownerWhere(owner));
  return row ?? null;
}

async function ownedConnection(db: DbOrTx, owner: HubspotOwner): Promise<HubspotConnectionRow> {
  const row = await connectionOf(db, owner);
  if (!row) throw notFound('HubSpot is not connected', 'HUBSPOT_NOT_CONNECTED');
  return row;
}

/** The plain token of a connection (null: sealed with another key). */
export function connectionToken(settings: Pick<HubspotSettings, 'totpKey'>, row: HubspotConnectionRow) {
  return openSecret(settings.totpKey, row.tokenSealed);
}

/** The account of a token, or the 400 (refused) / 502 (unreachable) the settings page shows. */
async function checkToken(settings: HubspotSettings, token: string): Promise<HubspotAccount> {
  try {
    return await accountOf(hubspotClient(token, settings.basePath));
  } catch (err) {
    const e = err as HubspotError;
    if (e.status !== null && e.status < 500)
      throw fieldError('token', `HubSpot refused this token (HTTP ${e.status}): ${e.message}`);
    throw new AppError(502, 'HUBSPOT_UNAVAILABLE', `HubSpot could not check the token now: ${e.message}`);
  }
}

export async function statusOf(db: DbOrTx, owner: HubspotOwner): Promise<HubspotStatus> {
  const scope = 'userId' in owner ? 'me' : 'brokerage';
  const row = await connectionOf(db, owner);
  if (!row)
    return {
      connected: false,
      scope,
      portalId: null,
      uiDomain: null,
      accountType: null,
      connectedAt: null,
      lastSyncAt: null,
      lastSyncStatus: null,
      lastError: null,
      consecutiveFailures: 0,
      failedItems: 0,
    };
  const [failed] = await db
    .select({ n: count() })
    .from(hubspotSyncs)
    .where(and(eq(hubspotSyncs.connectionId, row.id), eq(hubspotSyncs.state, 'failed')));
  return {
    connected: true,
    scope,
    portalId: row.portalId,
    uiDomain: row.uiDomain,
    accountType: row.accountType,
    connectedAt: new Date(row.createdAt).toISOString(),
    lastSyncAt: iso(row.lastSyncAt),
    lastSyncStatus: (row.lastSyncStatus as 'synced' | 'failed' | null) ?? null,
    lastError: row.lastError,
    consecutiveFailures: row.consecutiveFailures,
    failedItems: Number(failed?.n ?? 0),
  };
}

/**
 * Keeps a token HubSpot accepted. A new token for the same HubSpot account keeps the sync
 * states; one for another account starts them again (the old contact ids mean nothing there).
 */
export async function connect(
  db: DbOrTx,
  settings: HubspotSettings,
  owner: HubspotOwner,
  connectedBy: string,
  token: string,
): Promise<HubspotStatus> {
  const account = await checkToken(settings, token);
  const sealed = sealSecret(settings.totpKey, token);
  const existing = await connectionOf(db, owner);
  const fields = {
    tokenSealed: sealed,
    portalId: account.portalId,
    uiDomain: account.uiDomain,
    accountType: account.accountType,
    connectedBy,
    consecutiveFailures: 0,
    lastError: null,
  };
  // One connection per owner: a second connect (even a simultaneous one) replaces the token.
  await db
    .insert(hubspotConnections)
    .values({
      ...fields,
      userId: 'userId' in owner ? owner.userId : null,
      brokerageId: 'brokerageId' in owner ? owner.brokerageId : null,
    })
    .onConflictDoUpdate({
      target: 'userId' in owner ? hubspotConnections.userId : hubspotConnections.brokerageId,
      set: fields,
    });
  if (existing && existing.portalId !== account.portalId)
    await db.delete(hubspotSyncs).where(eq(hubspotSyncs.connectionId, existing.id));
  return statusOf(db, owner);
}

/** Tries the kept token again (the settings page's "Test" button). */
export async function testConnection(
  db: DbOrTx,
  settings: HubspotSettings,
  owner: HubspotOwner,
): Promise<{ ok: boolean; portalId: string | null; error: string | null }> {
  const row = await ownedConnection(db, owner);
  const token = connectionToken(settings, row);
  if (!token) return { ok: false, portalId: row.portalId, error: 'The kept token cannot be read; connect again' };
  try {
    const account = await accountOf(hubspotClient(token, settings.basePath));
    return { ok: true, portalId: account.portalId, error: null };
  } catch (err) {
    return { ok: false, portalId: row.portalId, error: (err as Error).message };
  }
}

/** Forgets the token; the connection's queued jobs and sync states go with it. */
export async function disconnect(db: DbOrTx, owner: HubspotOwner): Promise<void> {
  const gone = await db.delete(hubspotConnections).where(ownerWhere(owner)).returning({ id: hubspotConnections.id });
  if (gone.length === 0) throw notFound('HubSpot is not connected', 'HUBSPOT_NOT_CONNECTED');
}

export async function listSyncs(
  db: DbOrTx,
  owner: HubspotOwner,
  query: { state?: HubspotSyncState; limit: number },
): Promise<HubspotSync[]> {
  const row = await ownedConnection(db, owner);
  const rows = await db
    .select()
    .from(hubspotSyncs)
    .where(and(eq(hubspotSyncs.connectionId, row.id), query.state ? eq(hubspotSyncs.state, query.state) : undefined))
    .orderBy(desc(hubspotSyncs.updatedAt))
    .limit(query.limit);
  return rows.map((s) => ({
    itemKind: s.itemKind as HubspotItemKind,
    itemId: s.itemId,
    label: s.label,
    state: s.state as HubspotSyncState,
    hubspotContactId: s.hubspotContactId,
    url: s.hubspotContactId ? contactUrl(row, s.hubspotContactId) : null,
    error: s.error,
    attempts: s.attempts,
    nextAttemptAt: s.state === 'failed' ? iso(s.nextAttemptAt) : null,
    updatedAt: new Date(s.updatedAt).toISOString(),
  }));
}
