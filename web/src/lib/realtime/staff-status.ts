import { REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

/**
 * Watches the signed-in user's own staff status on /realtime/v1 (table `staff_status`: approval,
 * superuser flag, ban; docs/realtime-protocol.md). `onChange` runs on each change and on each
 * (re)subscription, because changes made while the socket was down are not replayed: the caller
 * refetches. Returns the function that stops watching.
 */
let watches = 0;

export function watchStaffStatus(userId: string, onChange: () => void): () => void {
  let stopped = false;
  // A topic of its own per watch: supabase-js hands back a channel still leaving under the same
  // topic (a re-run effect), and that channel is dropped from the socket once its leave is answered.
  watches += 1;
  const channel = supabase
    .channel(`staff-status:${userId}:${watches}`)
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'staff_status', filter: `user_id=eq.${userId}` },
      () => onChange(),
    );
  // The join carries the access token: hand it to realtime first, or the first join is refused.
  void supabase.realtime.setAuth().finally(() => {
    if (stopped) return;
    channel.subscribe((status) => {
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) onChange();
    });
  });
  return () => {
    stopped = true;
    void supabase.removeChannel(channel);
  };
}
