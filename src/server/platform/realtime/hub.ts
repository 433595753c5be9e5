/**
 * The open /ws connections of this process, by user (a user may have several tabs and
 * devices). Sized for about 10,000 sockets per process: no timer per socket, one interval sweeps
 * them all for heartbeats, and an event is serialised once however many sockets receive it.
 */
import type { WebSocket } from 'ws';
import { WS_CLOSE, WS_MAX_PER_USER } from '../../../core/messaging-limits';

export interface HubOptions {
  /** Ping every socket this often; one that has not answered the previous ping is terminated. */
  heartbeatMs?: number;
  /** A socket whose unsent data grows past this is too slow to keep up and is terminated. */
  maxBufferedBytes?: number;
  /** Sockets one user may hold here; opening one more closes their oldest (WS_CLOSE.tooManyConnections). */
  maxPerUser?: number;
}

export class ConnectionHub {
  private readonly byUser = new Map<string, Set<WebSocket>>();
  /** Sockets that answered the last ping (or connected since). */
  private readonly alive = new WeakSet<WebSocket>();
  /** The session each socket was opened with, so ending one session closes only its sockets. */
  private readonly sessionOf = new WeakMap<WebSocket, string>();
  private readonly heartbeatMs: number;
  private readonly maxBufferedBytes: number;
  private readonly maxPerUser: number;
  private timer: NodeJS.Timeout | null = null;
  private count = 0;

  constructor(opts: HubOptions = {}) {
    this.heartbeatMs = opts.heartbeatMs ?? 30_000;
    this.maxBufferedBytes = opts.maxBufferedBytes ?? 1024 * 1024;
    this.maxPerUser = opts.maxPerUser ?? WS_MAX_PER_USER;
  }

  /** Number of open sockets in this process. */
  get size(): number {
    return this.count;
  }

  add(userId: string, socket: WebSocket, sessionId?: string): void {
    if (sessionId) this.sessionOf.set(socket, sessionId);
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    // Sets iterate in insertion order: the first sockets are the oldest. They leave the hub now,
    // not when their close handshake ends, so a burst of opens cannot outrun the cap.
    for (const oldest of set) {
      if (set.size < this.maxPerUser) break;
      this.remove(userId, oldest);
      oldest.close(WS_CLOSE.tooManyConnections, 'Too many connections');
    }
    set.add(socket);
    this.count += 1;
    this.alive.add(socket);
    socket.on('pong', () => this.alive.add(socket));
    socket.once('close', () => this.remove(userId, socket));
  }

  private remove(userId: string, socket: WebSocket): void {
    const set = this.byUser.get(userId);
    if (!set?.delete(socket)) return;
    this.count -= 1;
    if (set.size === 0) this.byUser.delete(userId);
  }

  /** Open sockets of one user in this process. */
  socketsOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Whether any of these users has a socket open here (so an event is worth loading). */
  hasAny(userIds: readonly string[]): boolean {
    return userIds.some((id) => this.byUser.has(id));
  }

  /** Sends the event to every open socket of these users; answers how many sockets got it. */
  send(userIds: readonly string[], event: object): number {
    const data = JSON.stringify(event);
    let sent = 0;
    for (const id of new Set(userIds)) {
      for (const socket of this.byUser.get(id) ?? []) if (this.write(socket, data)) sent += 1;
    }
    return sent;
  }

  /**
   * Closes the user's sockets (a socket never outlives its session): all of
   * them, only those of `sessionId`, or all but those of `exceptSessionId`. Answers how many.
   */
  closeUser(
    userId: string,
    which: { sessionId?: string; exceptSessionId?: string },
    code: number,
    reason: string,
  ): number {
    let closed = 0;
    for (const socket of [...(this.byUser.get(userId) ?? [])]) {
      const sid = this.sessionOf.get(socket);
      if (which.sessionId !== undefined && sid !== which.sessionId) continue;
      if (which.exceptSessionId !== undefined && sid === which.exceptSessionId) continue;
      // Out of the hub at once: not one more event reaches it while the close handshake runs.
      this.remove(userId, socket);
      socket.close(code, reason);
      closed += 1;
    }
    return closed;
  }

  /** Every open socket's user and session, for re-checking the sessions in one query. */
  sessions(): Array<{ userId: string; sessionId: string }> {
    const out: Array<{ userId: string; sessionId: string }> = [];
    for (const [userId, set] of this.byUser) {
      for (const socket of set) {
        const sessionId = this.sessionOf.get(socket);
        if (sessionId) out.push({ userId, sessionId });
      }
    }
    return out;
  }

  /** Sends the event to every socket of this process. */
  broadcast(event: object): number {
    const data = JSON.stringify(event);
    let sent = 0;
    for (const set of this.byUser.values()) for (const socket of set) if (this.write(socket, data)) sent += 1;
    return sent;
  }

  private write(socket: WebSocket, data: string): boolean {
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      socket.terminate();
      return false;
    }
    socket.send(data);
    return true;
  }

  /** One heartbeat round: end sockets that missed the last ping, ping the others. */
  sweep(): void {
    for (const set of this.byUser.values()) {
      for (const socket of set) {
        if (!this.alive.has(socket)) {
          socket.terminate();
          continue;
        }
        this.alive.delete(socket);
        if (socket.readyState === socket.OPEN) socket.ping();
      }
    }
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.sweep(), this.heartbeatMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
