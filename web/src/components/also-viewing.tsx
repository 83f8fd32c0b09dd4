import { Eye } from 'lucide-react';
import { useContext } from 'react';
import { AuthContext } from '@/lib/auth/auth-context';
import { usePresence } from '@/lib/realtime';

/**
 * "Also viewing: …" — the other staff on the same customer or account right now
 * (docs/realtime-protocol.md), by name, through realtime presence on `topic` (`customer:<id>`,
 * `account:<number>`). Says nothing when alone.
 */
export function AlsoViewing({ topic }: { topic: string | null }) {
  // Read without useAuth's throw: a screen rendered alone (its tests) has nobody signed in, so no presence.
  const viewers = usePresence(topic, useContext(AuthContext)?.user?.id);
  return (
    <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm empty:hidden">
      {viewers.length ? (
        <>
          <Eye aria-hidden className="size-4 shrink-0" />
          <span>Also viewing: {viewers.map((v) => v.name || 'a member of staff').join(', ')}</span>
        </>
      ) : null}
    </p>
  );
}
