/**
 * One /ws connection per browser tab, shared by every component that needs live updates
 * (the messaging socket). It opens once the user is known, sends the authenticate
 * message, reconnects with backoff after a drop, and reports its status for a quiet indicator.
 * Events go to a single handler, so the query cache is updated once per event.
 */
import { RESYNC_SPREAD_MS, WS_CLOSE } from '../../core/messaging-limits';
import type { ServerSocketEvent } from '../../core/schemas/messaging';

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'offline';

export interface LiveHandlers {
  onEvent(event: ServerSocketEvent): void;
  /** The connection came back after a drop (or the server asked): refetch what may be missed. */
  onResync(): void;
  /** The server refused the session: the user is signed out. */
  onUnauthorized(): void;
}

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;
/** Keeps the socket through a quick release/acquire (a remount) instead of reconnecting. */
const RELEASE_GRACE_MS = 1000;

/** How long after a server "resync" a tab refetches: uniformly random within the spread. */
export function resyncDelay(random: () => number = Math.random): number {
  return Math.floor(random() * RESYNC_SPREAD_MS);
}

export function socketUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

class LiveConnection {
  private ws: WebSocket | null = null;
  private userId: string | null = null;
  private holders = 0;
  private attempts = 0;
  private dropped = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private releaseTimer: ReturnType<typeof setTimeout> | null = null;
  private resyncTimer: ReturnType<typeof setTimeout> | null = null;
  private handlers: LiveHandlers | null = null;
  private listeners = new Set<() => void>();
  status: LiveStatus = 'idle';

  constructor() {
    if (typeof window !== 'undefined') {
      const now = () => {
        if (this.status === 'offline' && this.holders > 0 && !this.ws) this.reconnectNow();
      };
      window.addEventListener('online', now);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') now();
      });
    }
  }

  setHandlers(handlers: LiveHandlers): void {
    this.handlers = handlers;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getStatus = (): LiveStatus => this.status;

  /** Keeps the connection open for this user until the returned release is called. */
  acquire(userId: string): () => void {
    if (this.releaseTimer) clearTimeout(this.releaseTimer);
    this.releaseTimer = null;
    if (this.userId !== userId) {
      this.shutdown();
      this.userId = userId;
    }
    this.holders += 1;
    if (!this.ws && !this.retryTimer && this.status !== 'offline') this.open();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders -= 1;
      if (this.holders === 0) this.releaseTimer = setTimeout(() => this.shutdown(), RELEASE_GRACE_MS);
    };
  }

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const l of this.listeners) l();
  }

  private open(): void {
    const userId = this.userId;
    if (!userId) return;
    this.setStatus(this.dropped ? 'offline' : 'connecting');
    const ws = new WebSocket(socketUrl());
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'authenticate', userId }));
      this.attempts = 0;
      this.setStatus('open');
      if (this.dropped) this.handlers?.onResync();
      this.dropped = false;
    };
    ws.onmessage = (msg) => {
      let event: ServerSocketEvent;
      try {
        event = JSON.parse(String(msg.data)) as ServerSocketEvent;
      } catch {
        return;
      }
      if (event.type === 'resync') this.resyncSoon();
      else this.handlers?.onEvent(event);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return; // replaced or shut down on purpose
      this.ws = null;
      if (
        ev.code === WS_CLOSE.unauthorized ||
        ev.code === WS_CLOSE.forbidden ||
        ev.code === WS_CLOSE.tooManyConnections
      ) {
        // Retrying cannot help until the session changes; after "too many connections" (this
        // tab's socket was the user's oldest) reconnecting would close another tab's in turn.
        this.setStatus('offline');
        if (ev.code === WS_CLOSE.unauthorized) this.handlers?.onUnauthorized();
        return;
      }
      this.dropped = true;
      this.setStatus('offline');
      this.scheduleReconnect();
    };
  }

  /**
   * The server's listener reconnected and every socket of the process heard "resync" at once
   *: each tab refetches at its own random moment within RESYNC_SPREAD_MS, so the
   * process does not answer thousands of list requests in the same instant.
   */
  private resyncSoon(): void {
    if (this.resyncTimer) return;
    this.resyncTimer = setTimeout(() => {
      this.resyncTimer = null;
      this.handlers?.onResync();
    }, resyncDelay());
  }

  /** Closes the socket on purpose before signing out, so its 4401 is not taken for a lost session. */
  stop(): void {
    this.holders = 0;
    this.shutdown();
  }

  private scheduleReconnect(): void {
    if (this.retryTimer || this.holders === 0) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** this.attempts) * (0.5 + Math.random() * 0.5);
    this.attempts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.holders > 0 && !this.ws) this.open();
    }, delay);
  }

  private reconnectNow(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.dropped = true;
    this.open();
  }

  private shutdown(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.resyncTimer) clearTimeout(this.resyncTimer);
    this.resyncTimer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close(1000);
    this.attempts = 0;
    this.dropped = false;
    this.setStatus('idle');
  }
}

export const liveConnection = new LiveConnection();
