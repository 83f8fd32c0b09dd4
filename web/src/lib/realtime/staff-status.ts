import { publicConfig } from '@/config/public-config';

let watches = 0;

/**
 * Watches the signed-in user's own staff status on /realtime/v1 (table `staff_status`: approval,
 * superuser flag, ban; docs/realtime-protocol.md). `onChange` runs on each change and on each
 * (re)subscription, because changes made while the socket was down are not replayed: the caller
 * refetches. Returns the function that stops watching. supabase-js is imported when first needed.
 */
export function watchStaffStatus(userId: string, onChange: () => void): () => void {
  // No server config (Vite without the server, unit tests): no socket to open; polling still runs.
  if (!publicConfig.anonKey) return () => {};
  let stop: (() => void) | undefined;
  let stopped = false;
  // A topic of its own per watch: supabase-js hands back a channel still leaving under the same
  // topic (a re-run effect), and that channel is dropped from the socket once its leave is answered.
  watches += 1;
  const topic = `staff-status:${userId}:${watches}`;
  void import('@/lib/supabase').then(async ({ supabase }) => {
    if (stopped) return;
    const channel = supabase
      .channel(topic)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'staff_status', filter: `user_id=eq.${userId}` },
        () => onChange(),
      );
    // unsubscribe, not removeChannel: removing the last channel disconnects the socket, and a channel
    // joined meanwhile (the next screen's watch) would be left on a socket that never reconnects.
    stop = () => void channel.unsubscribe();
    // The join carries the access token: hand it to realtime first, or the first join is refused.
    await supabase.realtime.setAuth().catch(() => {});
    if (stopped) return;
    channel.subscribe((status) => {
      if (`${status}` === 'SUBSCRIBED') onChange();
    });
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
