import type { Connection } from '../../platform/ws/connection.ts';

/**
 * What this API instance knows of duets in the streams its sockets are in: which of its sockets
 * are in each stream room, who each stream's partner is (from the aggregate when a socket joins,
 * then from duet_started / duet_ended / stream_ended in the room), and the grace timers of partners
 * whose last socket left. Both the sockets and the partners are per instance: every instance
 * closes its own sockets' tracks and watches its own sockets leaving.
 */
export class DuetPartners {
  private readonly sockets = new Map<string, Set<Connection>>();
  private readonly partners = new Map<string, string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly graceMs: () => number,
    /** Called once a partner's grace period is over; it checks they are still away and still the partner. */
    private readonly onGraceOver: (streamId: string, partnerId: string) => void,
  ) {}

  /** A socket joined the stream's room; `partnerId` is the stream's partner as its events say now. */
  entered(streamId: string, connection: Connection, partnerId: string | null): void {
    let members = this.sockets.get(streamId);
    if (!members) this.sockets.set(streamId, (members = new Set()));
    members.add(connection);
    // Never cleared from here: a duet_started heard while this join read the log must not be undone.
    // A partner remembered too long costs one check when they leave (the decider then records nothing).
    if (partnerId) this.partners.set(streamId, partnerId);
    // A partner who comes back in time keeps the duet.
    if (connection.userId) this.cancelGrace(streamId, connection.userId);
  }

  /** A socket left the room; answers whether it was the partner's (the caller then checks their other sockets). */
  exited(streamId: string, connection: Connection): boolean {
    const wasPartner = connection.userId !== null && this.partners.get(streamId) === connection.userId;
    const members = this.sockets.get(streamId);
    members?.delete(connection);
    if (members?.size === 0) {
      // No socket of this instance is in the room any more: it hears nothing more of its duet.
      this.sockets.delete(streamId);
      this.partners.delete(streamId);
    }
    return wasPartner;
  }

  setPartner(streamId: string, partnerId: string | null): void {
    if (partnerId) this.partners.set(streamId, partnerId);
    else this.partners.delete(streamId);
  }

  /** This instance's sockets of `userId` in the stream (e.g. to close a former partner's tracks). */
  socketsOf(streamId: string, userId: string): Connection[] {
    return [...(this.sockets.get(streamId) ?? [])].filter((c) => c.userId === userId);
  }

  /** The partner's last socket left the room: they have the grace period to come back. */
  startGrace(streamId: string, partnerId: string): void {
    const key = `${streamId}:${partnerId}`;
    if (this.timers.has(key)) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.onGraceOver(streamId, partnerId);
    }, this.graceMs());
    timer.unref();
    this.timers.set(key, timer);
  }

  cancelGrace(streamId: string, partnerId: string): void {
    const key = `${streamId}:${partnerId}`;
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  /** The app closes: no timer outlives it. */
  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
