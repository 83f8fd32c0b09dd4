import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RealtimeConfig } from '../../config.ts';
import { Bus, type BusMessage, type RowChange } from './bus.ts';
import type { Channel } from './channel.ts';
import { EVENTS } from './protocol.ts';
import { PresenceStore, type PresenceDiff } from './presence.ts';
import { prepareRowChange } from './row-changes.ts';
import { publishedTable } from './published-tables.ts';
import type { SocketSession } from './socket-session.ts';
import { mayTalk } from './channel-events.ts';

const add = <K, V>(m: Map<K, Set<V>>, k: K, v: V) => {
  let s = m.get(k);
  if (!s) m.set(k, (s = new Set()));
  s.add(v);
};
const remove = <K, V>(m: Map<K, Set<V>>, k: K, v: V) => {
  const s = m.get(k);
  if (s?.delete(v) && s.size === 0) m.delete(k);
};

/** A server's realtime state: its sockets, their channels by topic, table and user; presence; the bus. */
export class Hub {
  readonly sockets = new Set<SocketSession>();
  readonly byTopic = new Map<string, Set<Channel>>();
  readonly byTable = new Map<string, Set<Channel>>();
  readonly byUser = new Map<string, Set<Channel>>();
  readonly presence = new PresenceStore();
  /**
   * Sessions ended lately, with when they may be forgotten (their last token has expired by then): a
   * join whose token was checked just before the session ended, but lands after the notice, is refused.
   */
  private readonly endedSessions = new Map<string, number>();
  readonly bus: Bus;
  readonly log: FastifyBaseLogger;
  private sweep: NodeJS.Timeout | undefined;
  /** Row changes are read back concurrently but delivered one after another, in commit order. */
  private rowChanges: Promise<void> = Promise.resolve();

  constructor(
    readonly app: FastifyInstance,
    readonly config: RealtimeConfig,
  ) {
    this.bus = new Bus(app.dbHandle);
    this.log = app.log;
  }

  async start(): Promise<void> {
    await this.bus.start(
      (m) => void this.onBus(m).catch((err: unknown) => this.log.error({ err }, 'realtime delivery failed')),
      () => this.resubscribeAll(),
    );
    const every = Math.max(50, Math.min(1000, this.config.idleTimeoutMs / 4));
    this.sweep = setInterval(() => this.closeSilentSockets(), every);
    this.sweep.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.sweep);
    for (const s of this.sockets) s.ws.close(1001, 'server shutting down');
    await this.bus.close();
  }

  addSocket(s: SocketSession) {
    this.sockets.add(s);
  }
  removeSocket(s: SocketSession) {
    this.sockets.delete(s);
  }

  addChannel(ch: Channel) {
    add(this.byTopic, ch.hubKey, ch);
    add(this.byUser, ch.reader.userId, ch);
    for (const b of ch.bindings) add(this.byTable, b.table.name, ch);
  }

  removeChannel(ch: Channel) {
    clearTimeout(ch.expiryTimer);
    remove(this.byTopic, ch.hubKey, ch);
    remove(this.byUser, ch.reader.userId, ch);
    for (const b of ch.bindings) remove(this.byTable, b.table.name, ch);
    if (ch.presenceRef) void this.untrack(ch).catch(() => {});
  }

  /** Closes the channel when its token expires (a refreshed token moves the deadline). */
  scheduleExpiry(ch: Channel) {
    clearTimeout(ch.expiryTimer);
    const wait = Math.min(2 ** 31 - 1, Math.max(0, ch.expiresAt - Date.now()));
    ch.expiryTimer = setTimeout(
      () => ch.socket.leave(ch, { error: 'Unauthorized: Token has expired' }),
      wait,
    );
    ch.expiryTimer.unref();
  }

  /**
   * A session ended (sign-out, "end sessions", a ban, expiry, a deleted account): the channels its
   * tokens joined stop at once rather than when the last access token expires, as for an expired token.
   */
  endSession(userId: string, sessionId: string) {
    this.markSessionEnded(sessionId);
    for (const ch of [...(this.byUser.get(userId) ?? [])]) {
      if (ch.sessionId === sessionId) ch.socket.leave(ch, { error: 'Unauthorized: the session has ended' });
    }
  }

  /** Remembers an ended session for one token lifetime, so a join checked just before is refused too. */
  private markSessionEnded(sessionId: string) {
    const now = Date.now();
    for (const [sid, until] of this.endedSessions) if (until < now) this.endedSessions.delete(sid);
    this.endedSessions.set(sessionId, now + this.app.config.auth.jwtExpirySeconds * 1000);
  }

  /** True when the session ended while its token was being checked (see `endedSessions`). */
  sessionEnded(sessionId: string): boolean {
    return this.endedSessions.has(sessionId);
  }

  /** False when the message cannot travel to the other servers (too large for a NOTIFY). */
  async broadcast(from: Channel, payload: Record<string, unknown>): Promise<boolean> {
    const note = { k: 'b' as const, o: this.bus.serverId, topic: from.hubKey, payload };
    if (!this.bus.fits(note)) return false;
    this.deliverBroadcast(from.hubKey, payload, from);
    await this.bus.publish(note);
    return true;
  }

  private deliverBroadcast(hubKey: string, payload: Record<string, unknown>, from?: Channel) {
    for (const ch of this.byTopic.get(hubKey) ?? []) {
      if ((ch === from && !ch.broadcastSelf) || !mayTalk(ch)) continue;
      ch.socket.push(ch, EVENTS.broadcast, payload);
    }
  }

  async track(ch: Channel, ref: string, meta: Record<string, unknown>): Promise<boolean> {
    const note = {
      k: 'p' as const,
      o: this.bus.serverId,
      topic: ch.hubKey,
      op: 'join' as const,
      key: ch.presenceKey,
      ref,
      meta,
    };
    if (!this.bus.fits(note)) return false;
    if (ch.presenceRef) await this.untrack(ch);
    ch.presenceRef = ref;
    this.deliverPresence(ch.hubKey, this.presence.join(ch.hubKey, ch.presenceKey, ref, meta));
    await this.bus.publish(note);
    return true;
  }

  async untrack(ch: Channel): Promise<void> {
    const ref = ch.presenceRef;
    if (!ref) return;
    ch.presenceRef = undefined;
    const diff = this.presence.leave(ch.hubKey, ref);
    if (diff) this.deliverPresence(ch.hubKey, diff);
    await this.bus.publish({
      k: 'p',
      o: this.bus.serverId,
      topic: ch.hubKey,
      op: 'leave',
      key: ch.presenceKey,
      ref,
    });
  }

  private deliverPresence(hubKey: string, diff: PresenceDiff) {
    for (const ch of this.byTopic.get(hubKey) ?? []) {
      if (ch.presenceEnabled && mayTalk(ch)) ch.socket.push(ch, EVENTS.presenceDiff, { ...diff });
    }
  }

  private async onBus(m: BusMessage): Promise<void> {
    if (m.k === 'b') return this.deliverBroadcast(m.topic, m.payload);
    if (m.k === 's') {
      // The session is refused at once, but its channels close only after the row changes that came
      // before the notice: a ban deletes the sessions in the same transaction that marks the person
      // banned, and that change must still reach the screen, which signs itself out on it.
      this.markSessionEnded(m.sid);
      const step = this.rowChanges.then(() => this.endSession(m.uid, m.sid));
      this.rowChanges = step.catch(() => {});
      return step;
    }
    if (m.k === 'p') {
      const diff =
        m.op === 'join'
          ? this.presence.join(m.topic, m.key, m.ref, m.meta ?? {})
          : this.presence.leave(m.topic, m.ref);
      if (diff) this.deliverPresence(m.topic, diff);
      return;
    }
    // The channels listening when the change arrives: those that join later joined after its commit.
    const listening = [...(this.byTable.get(publishedTable(m.t)?.name ?? '') ?? [])];
    const ready = this.prepareWithRetries(m, listening);
    ready.catch(() => {}); // handled below, in order; a failed read must not stop later deliveries
    const step = this.rowChanges.then(async () => {
      try {
        await (
          await ready
        )?.();
      } catch (err) {
        // The change could not be read back (the database was busy or away): its subscribers would
        // miss it silently, so they are told, rejoin and refetch, as after a lost LISTEN connection.
        this.resubscribe(this.byTable.get(m.t), 'missed a change the server could not read back');
        throw err;
      }
    });
    this.rowChanges = step.catch(() => {});
    await step;
  }

  /** A row change read back, tried again twice (a short pool wait or query timeout under a burst). */
  private async prepareWithRetries(m: RowChange, listening: readonly Channel[]) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await prepareRowChange(this, m, listening);
      } catch (err) {
        if (attempt >= 3) throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  }

  /**
   * The LISTEN connection was lost and is back: changes in between are gone. Every channel with
   * postgres_changes gets phx_error, so the client rejoins and its screen refetches on SUBSCRIBED.
   */
  private resubscribeAll() {
    for (const set of [...this.byTable.values()])
      this.resubscribe(set, 'missed changes while reconnecting to the database');
  }

  private resubscribe(channels: Set<Channel> | undefined, reason: string) {
    for (const ch of [...(channels ?? [])]) {
      ch.socket.push(ch, EVENTS.error, { reason });
      ch.socket.leave(ch, 'silent');
    }
  }

  private closeSilentSockets() {
    const deadline = Date.now() - this.config.idleTimeoutMs;
    for (const s of this.sockets) {
      if (s.lastHeartbeat < deadline) {
        this.sockets.delete(s);
        s.ws.close(4000, 'heartbeat timeout');
      }
    }
  }
}
