import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client.ts';

/** The one channel every server LISTENs on: row changes (from triggers), broadcasts and presence. */
export const BUS_CHANNEL = 'bm_realtime';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const NOTIFY_LIMIT = 7999;

export type RowChange = { k: 'pg'; t: string; op: 'INSERT' | 'UPDATE' | 'DELETE'; key: string; ts: string };
export type BroadcastNote = { k: 'b'; o: string; topic: string; payload: Record<string, unknown> };
export type PresenceNote = {
  k: 'p';
  o: string;
  topic: string;
  op: 'join' | 'leave';
  key: string;
  ref: string;
  meta?: Record<string, unknown>;
};
/** A session was deleted (trigger on auth_sessions): its channels end on every server. */
export type SessionEnded = { k: 's'; sid: string; uid: string };
/** A marker this server sends itself: every change committed before it has been received once it is back. */
export type Fence = { k: 'f'; o: string; id: string };
export type BusMessage = RowChange | BroadcastNote | PresenceNote | SessionEnded;

/** How long a join waits for its fence before it is refused (the LISTEN connection is away). */
const FENCE_TIMEOUT_MS = 5000;

/**
 * Delivery between servers through PostgreSQL's own LISTEN/NOTIFY: no broker of our own. On PGlite
 * (one process) only the triggers' row changes travel this way; broadcasts and presence stay in
 * process. A message from this server (`o`) is ignored when it comes back: it was delivered locally.
 */
export class Bus {
  readonly serverId = randomUUID();
  private stop: (() => Promise<void>) | undefined;
  private readonly fences = new Map<string, () => void>();

  constructor(private readonly handle: DbHandle) {}

  get clustered(): boolean {
    return this.handle.driver === 'pg';
  }

  async start(onMessage: (m: BusMessage) => void, onReconnect: () => void): Promise<void> {
    this.stop = await this.handle.listen(
      BUS_CHANNEL,
      (payload) => {
        let m: BusMessage | Fence;
        try {
          m = JSON.parse(payload) as BusMessage | Fence;
        } catch {
          return;
        }
        if (m.k === 'f') {
          if (m.o === this.serverId) this.fences.get(m.id)?.();
          return;
        }
        if ((m.k === 'b' || m.k === 'p') && m.o === this.serverId) return;
        onMessage(m);
      },
      onReconnect,
    );
  }

  /** True when the message fits a NOTIFY (the caller refuses it otherwise). */
  fits(m: BroadcastNote | PresenceNote): boolean {
    return Buffer.byteLength(JSON.stringify(m)) <= NOTIFY_LIMIT;
  }

  /** Sends to the other servers (nothing to do on PGlite: one process). */
  async publish(m: BroadcastNote | PresenceNote): Promise<void> {
    if (!this.clustered) return;
    const text = JSON.stringify(m);
    if (Buffer.byteLength(text) > NOTIFY_LIMIT) return;
    await this.handle.db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${text})`);
  }

  /**
   * NOTIFYs a fence and calls `arrived` synchronously when it comes back. NOTIFYs arrive in commit
   * order, so by then every change committed before the fence has been handed to `onMessage`, and
   * none committed after it has: a channel that starts hearing changes in `arrived` misses none and
   * hears none from before it joined. Rejects if it does not come back in time (LISTEN is away).
   */
  fence(arrived: () => void): Promise<void> {
    const id = randomUUID();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fences.delete(id);
        reject(new Error('the realtime bus did not answer'));
      }, FENCE_TIMEOUT_MS);
      this.fences.set(id, () => {
        clearTimeout(timer);
        this.fences.delete(id);
        arrived();
        resolve();
      });
      const note: Fence = { k: 'f', o: this.serverId, id };
      this.handle.db
        .execute(sql`select pg_notify(${BUS_CHANNEL}, ${JSON.stringify(note)})`)
        .catch((err: unknown) => {
          clearTimeout(timer);
          this.fences.delete(id);
          reject(err instanceof Error ? err : new Error(String(err)));
        });
    });
  }

  async close(): Promise<void> {
    await this.stop?.();
  }
}
