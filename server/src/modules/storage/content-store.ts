import type { Readable } from 'node:stream';

/** What staging an upload learnt while streaming it: its digest, size and first bytes (for sniffing). */
export interface StagedContent {
  sha256: string;
  size: number;
  /** Up to the first 4100 bytes, enough for `file-type` and the text checks. */
  head: Buffer;
  /** Makes the bytes durable under their digest. Call before committing the metadata that names them. */
  commit(): Promise<void>;
  /** Forgets the staged bytes (refused or failed upload). Idempotent. */
  discard(): Promise<void>;
}

/**
 * Where object bytes live, content-addressed by sha256. The filesystem driver is the embedded default;
 * an S3-compatible driver can implement the same interface (docs/decisions/0014-storage-filesystem-driver.md).
 */
export interface ContentStore {
  /**
   * Streams `source` into a temporary place, hashing and counting as it goes. Rejects with `onTooLarge()`
   * as soon as more than `maxBytes` arrive (nothing is kept).
   */
  stage(source: Readable, maxBytes: number, onTooLarge: () => Error): Promise<StagedContent>;
  /** The bytes of a committed digest, or undefined when they are missing. */
  open(sha256: string): Promise<Readable | undefined>;
  /** Removes blobs no object names and abandoned temporary files, both older than `graceMs`. */
  sweep(isReferenced: (sha256s: string[]) => Promise<Set<string>>, graceMs: number): Promise<SweepResult>;
  /** Releases what the store holds (its hashing worker) when the server closes. */
  close?(): Promise<void>;
}

export interface SweepResult {
  blobsRemoved: number;
  tempFilesRemoved: number;
}
