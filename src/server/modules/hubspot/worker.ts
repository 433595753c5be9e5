/**
 * The HubSpot sync worker, one per app process, beside the webhook delivery worker: a
 * `ClaimLoop` over `hubspot_jobs`, woken by the same NOTIFY (an outbox event commits with its
 * HubSpot jobs). Jobs are claimed with `FOR UPDATE SKIP LOCKED` and a lease and retried on the
 * same schedule as webhook deliveries. It works one job at a time, oldest first, so a lead's
 * update never overtakes its creation. One job: find or create the HubSpot contact (e-mail, then phone), update
 * it, and for a new lead write the message as a note on the contact with the source and card.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ClaimLoop, type Claimed, claimDue, failedAttempt, workerId } from '../../platform/outbox-claims';
import { webhookOutbox } from '../webhooks/schema';
import { WEBHOOK_CHANNEL } from '../webhooks/service';
import { addNote, asHubspotError, hubspotClient, type Person, upsertContact } from './client';
import { type HubspotConnectionRow, hubspotConnections, hubspotJobs, hubspotSyncs } from './schema';
import { connectionToken } from './service';

export interface HubspotWorkerOptions {
  clock: () => Date;
  totpKey: Buffer;
  basePath?: string;
  /** The site's address, for the card link in a lead's note. */
  publicUrl: string;
  leaseMs: number;
  pollMs: number;
}

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** What one outbox event asks HubSpot to hold. */
interface SyncItem {
  kind: 'lead' | 'contact';
  id: string;
  label: string | null;
  person: Person;
  /** The note to add the first time (a new lead's message, a new contact's notes). */
  note: string | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function splitName(name: string | null | undefined): { firstName: string | null; lastName: string | null } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  return { firstName: parts[0] ?? null, lastName: parts.slice(1).join(' ') || null };
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The item an event is about, from the payload the webhooks module wrote (null: nothing to sync). */
export function syncItemOf(type: string, data: unknown, publicUrl: string): SyncItem | null {
  const d = (data ?? {}) as Record<string, unknown>;
  if (type === 'lead.created' || type === 'lead.updated') {
    const lead = (d.lead ?? {}) as Record<string, unknown>;
    const id = str(lead.id);
    if (!id) return null;
    const card = (lead.card ?? {}) as { id?: string; name?: string };
    let note: string | null = null;
    if (type === 'lead.created') {
      const message = str(lead.message);
      const source = str(lead.source) ?? 'inquiry';
      const cardLink = card.id
        ? `<a href="${escapeHtml(`${publicUrl}/cards/${card.id}`)}">${escapeHtml(card.name ?? card.id)}</a>`
        : '';
      note = [
        message ? `<p>${escapeHtml(message).replace(/\n/g, '<br>')}</p>` : '',
        `<p>Source: Bitaqa ${escapeHtml(source)}${str(lead.inquiry_type) ? ` (${escapeHtml(String(lead.inquiry_type))})` : ''}`,
        cardLink ? ` · Card: ${cardLink}` : '',
        '</p>',
      ].join('');
    }
    return {
      kind: 'lead',
      id,
      label: str(lead.name),
      person: {
        ...splitName(str(lead.name)),
        email: str(lead.email),
        phone: str(lead.phone),
        company: str(lead.company),
        jobTitle: null,
        website: null,
      },
      note,
    };
  }
  if (type === 'contact.created' || type === 'contact.updated') {
    const id = str(d.id);
    if (!id) return null;
    const emails = Array.isArray(d.emails) ? d.emails : [];
    const phones = Array.isArray(d.phones) ? d.phones : [];
    const notes = str(d.notes);
    return {
      kind: 'contact',
      id,
      label: str(d.name),
      person: {
        ...splitName(str(d.name)),
        email: str(emails[0]),
        phone: str(phones[0]),
        company: str(d.company),
        jobTitle: str(d.title),
        website: str(d.website),
      },
      note:
        type === 'contact.created' && notes
          ? `<p>${escapeHtml(notes).replace(/\n/g, '<br>')}</p><p>Source: Bitaqa contact book (${escapeHtml(str(d.source) ?? 'manual')})</p>`
          : null,
    };
  }
  return null;
}

export class HubspotWorker {
  readonly id = workerId();
  readonly stats = { synced: 0, failed: 0 };
  private readonly loop: ClaimLoop<Claimed>;

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly log: Log,
    private readonly opts: HubspotWorkerOptions,
  ) {
    this.loop = new ClaimLoop(database, log, {
      name: 'hubspot',
      channel: WEBHOOK_CHANNEL,
      pollMs: opts.pollMs,
      // One at a time: a lead's update never overtakes its creation.
      concurrency: 1,
      claim: (limit) => this.claim(limit),
      work: (c) => this.attempt(c.id),
    });
  }

  start(): Promise<void> {
    return this.loop.start();
  }

  /** Runs everything due now; resolves when a claim started after this call found nothing. */
  kick(): Promise<void> {
    return this.loop.kick();
  }

  drain(): Promise<void> {
    return this.loop.kick();
  }

  close(): Promise<void> {
    return this.loop.close();
  }

  claim(limit: number): Promise<Claimed[]> {
    return claimDue(this.database.db, hubspotJobs, {
      owner: this.id,
      now: this.opts.clock(),
      leaseMs: this.opts.leaseMs,
      limit,
      orderBy: [hubspotJobs.createdAt],
    });
  }

  private async attempt(jobId: string): Promise<void> {
    const { db } = this.database;
    const [row] = await db
      .select({ job: hubspotJobs, conn: hubspotConnections, ev: webhookOutbox })
      .from(hubspotJobs)
      .innerJoin(hubspotConnections, eq(hubspotConnections.id, hubspotJobs.connectionId))
      .innerJoin(webhookOutbox, eq(webhookOutbox.id, hubspotJobs.eventId))
      .where(eq(hubspotJobs.id, jobId));
    if (!row) return;
    const mine = and(eq(hubspotJobs.id, jobId), eq(hubspotJobs.lockedBy, this.id));
    const item = syncItemOf(row.ev.type, row.ev.data, this.opts.publicUrl);
    if (!item) {
      await db.update(hubspotJobs).set({ status: 'done', lockedBy: null, lockedUntil: null }).where(mine);
      return;
    }
    const [known] = await db
      .select()
      .from(hubspotSyncs)
      .where(
        and(
          eq(hubspotSyncs.connectionId, row.conn.id),
          eq(hubspotSyncs.itemKind, item.kind),
          eq(hubspotSyncs.itemId, item.id),
        ),
      );
    let contactId = known?.hubspotContactId ?? null;
    let error: string | null = null;
    try {
      const token = connectionToken(this.opts, row.conn);
      if (!token) throw new Error('The kept token cannot be read; connect HubSpot again');
      const client = hubspotClient(token, this.opts.basePath);
      const contact = await upsertContact(client, item.person, contactId);
      contactId = contact.id;
      if (item.note && !row.job.noteId) {
        const noteId = await addNote(client, contact.id, item.note, new Date(row.ev.createdAt));
        // Kept at once: a later failure retries the job without writing the note twice.
        await db.update(hubspotJobs).set({ noteId }).where(mine);
      }
    } catch (err) {
      error = asHubspotError(err).message;
    }
    await this.record(row.conn, row.job.attempts, jobId, item, contactId, error);
  }

  /** The outcome: the job (done or retried later), the item's sync state and the connection's health. */
  private async record(
    conn: HubspotConnectionRow,
    attempts: number,
    jobId: string,
    item: SyncItem,
    contactId: string | null,
    error: string | null,
  ): Promise<void> {
    const now = this.opts.clock();
    const ok = error === null;
    const retry = failedAttempt(attempts, now);
    const status = ok ? 'done' : retry.status;
    const next = status === 'pending' ? retry.nextAttemptAt : null;
    this.log.info({ job: jobId, connection: conn.id, attempt: attempts, status, error }, 'hubspot sync attempt');
    const mine = and(eq(hubspotJobs.id, jobId), eq(hubspotJobs.lockedBy, this.id));
    await this.database.db.transaction(async (tx) => {
      await tx
        .update(hubspotJobs)
        .set({
          status,
          lockedBy: null,
          lockedUntil: null,
          nextAttemptAt: next ?? now,
          lastError: error,
          doneAt: ok ? now : null,
        })
        .where(mine);
      const state = {
        label: item.label?.slice(0, 160) ?? null,
        state: ok ? 'synced' : 'failed',
        hubspotContactId: contactId,
        error,
        attempts,
        nextAttemptAt: next,
        updatedAt: now,
      };
      await tx
        .insert(hubspotSyncs)
        .values({ connectionId: conn.id, itemKind: item.kind, itemId: item.id, ...state })
        .onConflictDoUpdate({
          target: [hubspotSyncs.connectionId, hubspotSyncs.itemKind, hubspotSyncs.itemId],
          set: state,
        });
      await tx
        .update(hubspotConnections)
        .set(
          ok
            ? { lastSyncAt: now, lastSyncStatus: 'synced', lastError: null, consecutiveFailures: 0 }
            : {
                lastSyncAt: now,
                lastSyncStatus: 'failed',
                lastError: error,
                consecutiveFailures: sql`${hubspotConnections.consecutiveFailures} + 1`,
              },
        )
        .where(eq(hubspotConnections.id, conn.id));
    });
    if (ok) this.stats.synced += 1;
    else this.stats.failed += 1;
  }
}

export function defaultHubspotWorkerOptions(
  o: Partial<HubspotWorkerOptions> & Pick<HubspotWorkerOptions, 'totpKey' | 'publicUrl'>,
): HubspotWorkerOptions {
  return { clock: () => new Date(), leaseMs: 60_000, pollMs: 30_000, ...o };
}
