/**
 * The storage module's only door: `/storage/v1`, compatible with the stock supabase-js storage
 * client (docs/storage-protocol.md). Everything else in this folder is its own business.
 */
export { registerStorage, type StorageOptions } from './plugin.ts';
export type { ContentStore, StagedContent, SweepResult } from './content-store.ts';
export { FilesystemContentStore } from './filesystem-store.ts';
export { STORAGE_MANAGE, holdsPermission } from './policies.ts';
export { type InternalStorage, type InternalPut } from './internal.ts';
export { sendAttachment } from './send-object.ts';
