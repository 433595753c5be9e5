/** The admin audit log: who did what, when, with the row before and after. */
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  /** The API key the change came through, when it came through the public API. */
  apiKeyId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Writes one entry; pass the transaction of the change so both land or neither does. */
export async function writeAudit(db: DbOrTx, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: e.actorId,
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId ?? null,
    apiKeyId: e.apiKeyId ?? null,
    before: e.before === undefined ? null : JSON.parse(JSON.stringify(e.before)),
    after: e.after === undefined ? null : JSON.parse(JSON.stringify(e.after)),
  });
}
