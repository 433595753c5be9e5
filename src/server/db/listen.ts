/**
 * LISTEN on a PostgreSQL channel through a dedicated connection that reconnects with backoff
 * when it drops (the database going away is weather, not death). A notification sent inside a
 * transaction arrives only when that transaction commits, and never when it rolls back, so a
 * listener learns about committed rows only.
 *
 * `onNotify` is also called after a reconnection, since notifications may have been missed.
 * `state` (optional) hears when the connection is up and when it is lost, for a listener that
 * must not trust what it knows while notifications cannot reach it (the list version).
 */
import pg from 'pg';

export interface ListenLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export async function listenPg(
  pool: pg.Pool,
  channel: string,
  onNotify: (payload: string | undefined) => void,
  log: ListenLog,
  retry: { minMs?: number; maxMs?: number } = {},
  state?: (connected: boolean) => void,
): Promise<() => Promise<void>> {
  if (!IDENTIFIER.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempts = 0;
  let closed = false;
  let connectedOnce = false;

  const scheduleReconnect = () => {
    if (closed || timer) return;
    const delay = Math.min(retry.maxMs ?? 5_000, (retry.minMs ?? 250) * 2 ** attempts) * (0.75 + Math.random() * 0.5);
    attempts += 1;
    timer = setTimeout(() => {
      timer = null;
      connect().catch((err) => {
        log.warn({ err, channel }, 'listener reconnection failed');
        scheduleReconnect();
      });
    }, delay);
    timer.unref();
  };

  const connect = async () => {
    const c = new pg.Client(pool.options);
    let dropped = false;
    const drop = (err?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (client === c) client = null;
      c.end().catch(() => {});
      state?.(false);
      if (!closed) {
        log.warn({ err, channel }, 'listener connection lost; reconnecting');
        scheduleReconnect();
      }
    };
    c.on('error', drop);
    c.on('end', () => drop());
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      dropped = true;
      c.end().catch(() => {});
      throw err;
    }
    if (closed) {
      dropped = true;
      await c.end().catch(() => {});
      return;
    }
    client = c;
    attempts = 0;
    state?.(true);
    if (connectedOnce) {
      log.info({ channel }, 'listener reconnected');
      onNotify(undefined);
    }
    connectedOnce = true;
  };

  try {
    await connect();
  } catch (err) {
    log.warn({ err, channel }, 'listener could not connect; retrying');
    scheduleReconnect();
  }
  return async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    timer = null;
    const c = client;
    client = null;
    if (c) await c.end().catch(() => {});
  };
}
