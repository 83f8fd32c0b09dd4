import type { ContentStore } from './content-store.ts';

/** What the storage routes share: the content store and the service-wide upload ceiling. */
export interface StorageContext {
  store: ContentStore;
  /** No upload may exceed this, whatever its bucket's `file_size_limit` says. */
  maxFileBytes: number;
}

/** The real service's default global limit (50 MiB). */
export const DEFAULT_MAX_FILE_BYTES = 50 * 1024 * 1024;
