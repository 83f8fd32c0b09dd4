import type { RealtimeChannel } from '@supabase/supabase-js';
import { publicConfig } from '@/config/public-config';

/** How often a screen polls while its realtime channel is not joined (server STATUS_POLL_SECONDS). */
export const FALLBACK_POLL_MS = (publicConfig.statusPollSeconds ?? 15) * 1000;

let opened = 0;
/** Private topics being left: supabase-js would hand back the leaving channel for the same topic. */
const leaving = new Map<string, Promise<unknown>>();

/**
 * Opens one channel on /realtime/v1 (the stock supabase-js client, imported when first needed) and
 * returns the function that leaves it. `setup` adds the bindings before the join; `onStatus` hears
 * SUBSCRIBED on every (re)join, and CHANNEL_ERROR, TIMED_OUT or CLOSED while the socket is down.
 * Without server config (Vite alone, unit tests) nothing opens and `onStatus` is never called.
 */
export function openChannel(
  name: string,
  options: { private?: boolean },
  setup: (channel: RealtimeChannel) => void,
  onStatus: (status: string) => void,
): () => void {
  if (!publicConfig.anonKey) return () => {};
  let stop: (() => void) | undefined;
  let stopped = false;
  // A topic of its own per opening: supabase-js hands back a channel still leaving under the same
  // topic (a re-run effect), and that channel is dropped from the socket once its leave is answered.
  // Private topics are named by what they are about (their rule reads the name, presence meets there),
  // so they keep it and wait for the same topic's previous leave instead.
  opened += 1;
  const topic = options.private ? name : `${name}:${opened}`;
  void import('@/lib/supabase').then(async ({ supabase }) => {
    await leaving.get(topic);
    if (stopped) return;
    const channel = supabase.channel(topic, { config: { private: options.private === true } });
    setup(channel);
    // unsubscribe, not removeChannel: removing the last channel disconnects the socket, and a channel
    // joined meanwhile (the next screen's watch) would be left on a socket that never reconnects.
    stop = () => {
      const left = channel.unsubscribe().catch(() => {});
      leaving.set(topic, left);
      void left.then(() => {
        if (leaving.get(topic) === left) leaving.delete(topic);
      });
    };
    // The join carries the access token: hand it to realtime first, or the first join is refused.
    await supabase.realtime.setAuth().catch(() => {});
    if (stopped) return;
    channel.subscribe((status) => {
      if (!stopped) onStatus(`${status}`);
    });
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

export interface TableWatch {
  /** A table `published-tables.ts` on the server publishes (docs/realtime-protocol.md). */
  table: string;
  filter?: string;
}

/**
 * Watches rows of published tables. `onChange` runs on each change and on each (re)subscription,
 * because changes made while the socket was down are not replayed: the caller refetches. `onLive`
 * says whether the channel is joined (the caller polls while it is not). Returns the stop function.
 */
export function watchTables(
  name: string,
  watches: readonly TableWatch[],
  onChange: () => void,
  onLive: (live: boolean) => void = () => {},
): () => void {
  return openChannel(
    name,
    {},
    (channel) => {
      for (const w of watches)
        channel.on(
          'postgres_changes',
          { event: '*', schema: 'public', table: w.table, ...(w.filter && { filter: w.filter }) },
          () => onChange(),
        );
    },
    (status) => {
      const live = status === 'SUBSCRIBED';
      onLive(live);
      if (live) onChange();
    },
  );
}

/**
 * Watches one published table's rows: `onRow` gets each change's new row, as the server reads it back
 * for this user (a run's step as it commits). `onLive(true)` on each (re)subscription is the caller's
 * cue to refetch, since changes made while the socket was down are not replayed.
 */
export function watchRows(
  name: string,
  watch: TableWatch,
  onRow: (row: Record<string, unknown>) => void,
  onLive: (live: boolean) => void = () => {},
): () => void {
  return openChannel(
    name,
    {},
    (channel) =>
      channel.on(
        'postgres_changes',
        { event: '*', schema: 'public', table: watch.table, ...(watch.filter && { filter: watch.filter }) },
        (payload) => onRow((payload as { new: Record<string, unknown> }).new),
      ),
    (status) => onLive(status === 'SUBSCRIBED'),
  );
}

/** The signed-in user's own staff status (approval, superuser flag, ban, permissions). */
export const watchStaffStatus = (userId: string, onChange: () => void, onLive?: (live: boolean) => void) =>
  watchTables(
    `staff-status:${userId}`,
    [{ table: 'staff_status', filter: `user_id=eq.${userId}` }],
    onChange,
    onLive,
  );
