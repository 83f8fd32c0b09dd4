// Live updates over /realtime/v1 (the stock supabase-js realtime client), shared by every layer:
// watched tables refetch queries, presence lists who else is on a screen (docs/realtime-protocol.md).
export { FALLBACK_POLL_MS, watchRows, watchStaffStatus, watchTables, type TableWatch } from './channel';
export { useLiveRefetch } from './use-live-refetch';
export { usePresence, type Viewer } from './use-presence';
