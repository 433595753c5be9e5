/**
 * Publishing live events to users: delivered at once to the sockets of this process,
 * and announced on the bus so other processes deliver to theirs.
 */
import { WS_CLOSE } from '../../../core/schemas/messaging';
import type { Announcement, BusLog, Notice, RealtimeBus } from './bus';
import type { ConnectionHub } from './hub';

/** The notice that ends sessions' sockets in every process. */
export const SESSIONS_END = 'sessions_end';

/** Which of a user's sockets to close: all, one session's, or all but one session's. */
export interface SessionsEnd {
  userId: string;
  /** Only the sockets opened with this session (sign-out of one device). */
  sessionId?: string;
  /** All sockets except this session's (password change keeps the device that made it). */
  exceptSessionId?: string;
}

/** Turns a notice into the event the sockets receive, or null to drop it. */
export type NoticeResolver = (notice: Notice) => Promise<object | null>;

export class Realtime {
  private readonly resolvers = new Map<string, NoticeResolver>();
  bus: RealtimeBus;

  constructor(
    readonly hub: ConnectionHub,
    bus: RealtimeBus,
    private readonly log: BusLog,
  ) {
    this.bus = bus;
  }

  /** Modules say how a notice of their kind is loaded in a process that did not publish it. */
  register(kind: string, resolver: NoticeResolver): void {
    this.resolvers.set(kind, resolver);
  }

  /**
   * Sends `event` (or the resolved notice) to the users' sockets here and announces the notice
   * to other processes. Call it after the change committed; it never throws, because the change
   * already happened and clients refetch after a reconnect anyway.
   */
  async publish(notice: Notice, event?: object): Promise<void> {
    await this.deliver(notice, event);
    try {
      await this.bus.publish(notice);
    } catch (err) {
      this.log.warn({ err, kind: notice.kind }, 'realtime publish failed');
    }
  }

  /**
   * Sends `event` (or the resolved notice) to the users' sockets in this process only: for a
   * caller whose own statement announced the notice to the others (`announcement`). Never throws.
   */
  async deliver(notice: Notice, event?: object): Promise<void> {
    try {
      if (this.hub.hasAny(notice.to)) {
        const ev = event ?? (await this.resolve(notice));
        if (ev) this.hub.send(notice.to, ev);
      }
    } catch (err) {
      this.log.warn({ err, kind: notice.kind }, 'realtime local delivery failed');
    }
  }

  /**
   * The NOTIFY announcing `notice` to other processes, to be sent inside the caller's own
   * statement so that it commits, or rolls back, with the change (null when no other process
   * can exist). `to` may be left empty for the statement to fill in.
   */
  announcement(notice: Notice): Announcement | null {
    return this.bus.announcement(notice);
  }

  /**
   * Closes the sockets of ended sessions here at once and in every other process through the
   * bus. Call it after the sessions' rows are gone, so a socket opening meanwhile is refused too.
   */
  async endSessions(target: SessionsEnd): Promise<void> {
    const ref: Record<string, string> = {};
    if (target.sessionId) ref.sessionId = target.sessionId;
    if (target.exceptSessionId) ref.exceptSessionId = target.exceptSessionId;
    this.closeLocal(target.userId, ref);
    try {
      await this.bus.publish({ kind: SESSIONS_END, to: [target.userId], ref });
    } catch (err) {
      this.log.warn({ err }, 'realtime publish of a session end failed');
    }
  }

  /**
   * Closes the sockets whose session is gone although no notice said so: the notice was sent
   * while this process's listener was down, or the session simply expired. Runs after the
   * listener reconnects and on a slow timer; `live` answers which session ids still exist.
   */
  async revalidateSessions(live: (sessionIds: string[]) => Promise<Set<string>>): Promise<number> {
    const open = this.hub.sessions();
    if (open.length === 0) return 0;
    const valid = await live([...new Set(open.map((o) => o.sessionId))]);
    let closed = 0;
    for (const o of open) {
      if (!valid.has(o.sessionId))
        closed += this.hub.closeUser(o.userId, { sessionId: o.sessionId }, WS_CLOSE.unauthorized, 'Session ended');
    }
    return closed;
  }

  private closeLocal(userId: string, ref: Record<string, string>): void {
    this.hub.closeUser(
      userId,
      { sessionId: ref.sessionId, exceptSessionId: ref.exceptSessionId },
      WS_CLOSE.unauthorized,
      'Session ended',
    );
  }

  /** A notice from another process: delivered only if one of its users is connected here. */
  async receive(notice: Notice): Promise<void> {
    if (!this.hub.hasAny(notice.to)) return;
    if (notice.kind === SESSIONS_END) {
      for (const userId of notice.to) this.closeLocal(userId, notice.ref);
      return;
    }
    try {
      const ev = await this.resolve(notice);
      if (ev) this.hub.send(notice.to, ev);
    } catch (err) {
      this.log.warn({ err, kind: notice.kind }, 'realtime delivery of a remote notice failed');
    }
  }

  private async resolve(notice: Notice): Promise<object | null> {
    const resolver = this.resolvers.get(notice.kind);
    return resolver ? resolver(notice) : null;
  }
}
