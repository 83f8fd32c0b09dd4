/**
 * The realtime module's only door: /realtime/v1, the Supabase Realtime protocol over a websocket
 * (docs/realtime-protocol.md). Everything else in this folder is its own business.
 */
export { registerRealtime } from './plugin.ts';
export { PUBLISHED_TABLES, type PublishedTable } from './published-tables.ts';
export { PRIVATE_TOPIC_RULES } from './topic-rules.ts';
