import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FALLBACK_POLL_MS, watchTables, type TableWatch } from './channel';

/**
 * Keeps queries current through /realtime/v1: they refetch on every change to the watched tables and
 * on every (re)subscription. Returns the interval to poll at — `false` while the channel is joined, the
 * fallback interval while it is not — for the queries' `refetchInterval`.
 */
export function useLiveRefetch(
  name: string,
  watches: readonly TableWatch[],
  queryKeys: readonly QueryKey[],
  enabled = true,
): number | false {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  // Bindings and keys by value: callers pass literals, which are new on every render.
  const spec = JSON.stringify([watches, queryKeys]);
  useEffect(() => {
    if (!enabled) return;
    const [w, keys] = JSON.parse(spec) as [TableWatch[], QueryKey[]];
    const stop = watchTables(
      name,
      w,
      () => {
        for (const queryKey of keys) void client.invalidateQueries({ queryKey });
      },
      setLive,
    );
    return () => {
      stop();
      setLive(false);
    };
  }, [client, name, spec, enabled]);
  return live ? false : FALLBACK_POLL_MS;
}
