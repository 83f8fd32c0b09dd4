import type { RealtimeChannel } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { openChannel } from './channel';

export interface Viewer {
  userId: string;
  name: string;
}

type Meta = { user_id?: unknown; user_name?: unknown };

/**
 * Who else is on this screen: joins the private topic (`customer:<id>`, `account:<number>`; activated
 * staff only), tracks this user there and lists the other users present, once each. The server stamps
 * each presence with the user's id and name (docs/realtime-protocol.md), so the names are not the
 * clients' say. Empty while the socket is down or without a topic.
 */
export function usePresence(topic: string | null, selfId: string | undefined): Viewer[] {
  const [viewers, setViewers] = useState<Viewer[]>([]);
  useEffect(() => {
    if (!topic || !selfId) return;
    let channel: RealtimeChannel | undefined;
    const read = () => {
      const seen = new Map<string, string>();
      for (const metas of Object.values(channel?.presenceState<Meta>() ?? {}))
        for (const m of metas)
          if (typeof m.user_id === 'string' && m.user_id !== selfId && !seen.has(m.user_id))
            seen.set(m.user_id, typeof m.user_name === 'string' ? m.user_name : '');
      setViewers(
        [...seen].map(([userId, name]) => ({ userId, name })).sort((a, b) => a.name.localeCompare(b.name)),
      );
    };
    const stop = openChannel(
      topic,
      { private: true },
      (ch) => {
        channel = ch;
        ch.on('presence', { event: 'sync' }, read);
      },
      (status) => {
        if (status === 'SUBSCRIBED') void channel?.track({});
        else setViewers([]);
      },
    );
    return () => {
      stop();
      setViewers([]);
    };
  }, [topic, selfId]);
  return viewers;
}
