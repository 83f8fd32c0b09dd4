import { publicConfig } from '@/config/public-config';

let watches = 0;

export interface TableWatch {
  /** A published table (server/src/modules/realtime/published-tables.ts). */
  table: string;
  /** PostgREST-style filter, e.g. `run_id=eq.12`. */
  filter?: string;
  /** Each change's new row (as the server reads it back for this user). */
  onRow: (row: Record<string, unknown>) => void;
  /** Subscribed (true) or not (false): while false the caller polls instead. */
  onLive?: (live: boolean) => void;
}

/**
 * Watches a published table's rows on /realtime/v1 (postgres_changes). Changes made while the socket
 * was down are not replayed: `onLive(true)` on each (re)subscription is the caller's cue to refetch.
 * Returns the function that stops watching; supabase-js is imported when first needed.
 */
export function watchTable({ table, filter, onRow, onLive }: TableWatch): () => void {
  if (!publicConfig.anonKey) return () => {};
  let stop: (() => void) | undefined;
  let stopped = false;
  watches += 1;
  const topic = `table:${table}:${filter ?? '*'}:${watches}`;
  void import('@/lib/supabase').then(async ({ supabase }) => {
    if (stopped) return;
    const channel = supabase
      .channel(topic)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) },
        (payload) => onRow((payload as { new: Record<string, unknown> }).new),
      );
    // unsubscribe, not removeChannel: see staff-status.ts (the socket stays for the next screen).
    stop = () => void channel.unsubscribe();
    await supabase.realtime.setAuth().catch(() => {});
    if (stopped) return;
    channel.subscribe((status) => onLive?.(`${status}` === 'SUBSCRIBED'));
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
