/**
 * Publishing live events to users (issue 5): delivered at once to the sockets of this process,
 * and announced on the bus so other processes deliver to theirs.
 */
import type { BusLog, Notice, RealtimeBus } from './bus';
import type { ConnectionHub } from './hub';

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
    try {
      if (this.hub.hasAny(notice.to)) {
        const ev = event ?? (await this.resolve(notice));
        if (ev) this.hub.send(notice.to, ev);
      }
    } catch (err) {
      this.log.warn({ err, kind: notice.kind }, 'realtime local delivery failed');
    }
    try {
      await this.bus.publish(notice);
    } catch (err) {
      this.log.warn({ err, kind: notice.kind }, 'realtime publish failed');
    }
  }

  /** A notice from another process: delivered only if one of its users is connected here. */
  async receive(notice: Notice): Promise<void> {
    if (!this.hub.hasAny(notice.to)) return;
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
