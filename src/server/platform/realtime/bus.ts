/**
 * How realtime notices cross processes. On PostgreSQL: LISTEN/NOTIFY on one channel,
 * through a dedicated connection that reconnects with backoff when it drops; no other broker.
 * On embedded PGlite there is only one process, so the bus carries nothing.
 *
 * A notice holds ids only (NOTIFY payloads must stay under 8000 bytes); the receiving process
 * loads what it needs, and only when one of the users has a socket open there.
 */
import crypto from 'node:crypto';
import pg from 'pg';

export const NOTIFY_CHANNEL = 'bitaqa_events';
const MAX_PAYLOAD_BYTES = 7900;

export interface Notice {
  /** Which resolver turns the notice into a socket event, e.g. "new_message". */
  kind: string;
  /** Users whose sockets receive the event. */
  to: string[];
  /** Ids the resolver needs. */
  ref: Record<string, string>;
}

export interface RealtimeBus {
  readonly kind: 'local' | 'postgres';
  /** Tells the other processes. Never delivers back to this one. */
  publish(notice: Notice): Promise<void>;
  /**
   * The NOTIFY that `publish` would send, for a caller that sends it inside its own statement, so
   * the notice commits with the change it announces (null: there are no other processes).
   */
  announcement(notice: Notice): Announcement | null;
  close(): Promise<void>;
}

/** A NOTIFY to send: `select pg_notify(channel, payload)`. */
export interface Announcement {
  channel: string;
  payload: string;
}

export interface BusLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export function createLocalBus(): RealtimeBus {
  return { kind: 'local', publish: async () => {}, announcement: () => null, close: async () => {} };
}

interface PgBusOptions {
  pool: pg.Pool;
  onNotice(notice: Notice): void;
  /** Called after the listener came back from a drop: notices may have been missed. */
  onReconnect(): void;
  log: BusLog;
  /** Backoff bounds of the listener's reconnection. */
  retryMinMs?: number;
  retryMaxMs?: number;
}

type WireNotice = Notice & { o: string };

function isWireNotice(v: unknown): v is WireNotice {
  if (!v || typeof v !== 'object') return false;
  const n = v as Record<string, unknown>;
  return (
    typeof n.o === 'string' &&
    typeof n.kind === 'string' &&
    Array.isArray(n.to) &&
    n.to.every((x) => typeof x === 'string') &&
    !!n.ref &&
    typeof n.ref === 'object'
  );
}

export class PgNotifyBus implements RealtimeBus {
  readonly kind = 'postgres' as const;
  /** Tells this process's own notifications apart from the others'. */
  private readonly origin = crypto.randomUUID();
  private client: pg.Client | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private attempts = 0;
  private connectedOnce = false;
  private closed = false;

  constructor(private readonly opts: PgBusOptions) {}

  /** Connects the listener; on failure keeps retrying in the background. */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (err) {
      this.opts.log.warn({ err }, 'realtime listener could not connect; retrying');
      this.scheduleReconnect();
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.opts.pool.options);
    let dropped = false;
    const drop = (err?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
      if (!this.closed) {
        this.opts.log.warn({ err }, 'realtime listener connection lost; reconnecting');
        this.scheduleReconnect();
      }
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', (n) => {
      if (n.channel !== NOTIFY_CHANNEL || !n.payload) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(n.payload);
      } catch {
        return;
      }
      if (!isWireNotice(parsed) || parsed.o === this.origin) return;
      this.opts.onNotice({ kind: parsed.kind, to: parsed.to, ref: parsed.ref });
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (err) {
      dropped = true;
      client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      dropped = true;
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.attempts = 0;
    if (this.connectedOnce) {
      this.opts.log.info({}, 'realtime listener reconnected');
      this.opts.onReconnect();
    }
    this.connectedOnce = true;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const min = this.opts.retryMinMs ?? 250;
    // Capped low: once the database is back, live delivery resumes within a few seconds.
    const max = this.opts.retryMaxMs ?? 5_000;
    const delay = Math.min(max, min * 2 ** this.attempts) * (0.75 + Math.random() * 0.5);
    this.attempts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((err) => {
        this.opts.log.warn({ err }, 'realtime listener reconnection failed');
        this.scheduleReconnect();
      });
    }, delay);
    this.retryTimer.unref();
  }

  /** Whether the listener is connected now. */
  get listening(): boolean {
    return this.client !== null;
  }

  announcement(notice: Notice): Announcement {
    const payload = JSON.stringify({ ...notice, o: this.origin } satisfies WireNotice);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      throw new Error(`realtime notice too large (${payload.length} bytes)`);
    }
    return { channel: NOTIFY_CHANNEL, payload };
  }

  async publish(notice: Notice): Promise<void> {
    const { channel, payload } = this.announcement(notice);
    await this.opts.pool.query('select pg_notify($1, $2)', [channel, payload]);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => {});
  }
}
