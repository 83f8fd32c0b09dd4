import type { FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';

/** Bytes written between two background flushes of the file's data to disk. */
const FLUSH_EVERY = 1024 * 1024;
/**
 * Background flushes under way in this process, and how many may be. A flush holds one of libuv's
 * four threads until the disk answers; twenty uploads flushing at once would queue every file write
 * (and the password hashing that shares those threads) behind them. A skipped flush is not lost:
 * the next megabyte tries again and the final fsync takes whatever is left.
 */
let flushesUnderWay = 0;
const MAX_FLUSHES_UNDER_WAY = 1;

/**
 * Writes a stream into an open file. While bytes still arrive, it asks the disk to take what it has so
 * far (fdatasync in the background, one at a time), so the final fsync only waits for the last
 * megabyte: the disk works while the network does, instead of after it (a 10 MB upload spent a third
 * of its time in one fsync at the end). The final fsync is not part of finishing the stream: the
 * caller runs `durable()` when it needs the bytes on disk, beside other work (the content store: while
 * the digest is finished and the type checked). The file stays open until then, so that fsync reports
 * on this descriptor's writes.
 */
export class DurableFileSink extends Writable {
  private unflushed = 0;
  private flushing: Promise<void> | undefined;
  private flushError: Error | undefined;
  private fileClosed: Promise<void> | undefined;

  private written = 0;

  /** `onWritten` hears the total written so far after each write (the hashing worker follows it). */
  constructor(
    private readonly file: FileHandle,
    private readonly onWritten?: (total: number) => void,
  ) {
    // Chunks that arrive while a write is under way are gathered into one writev. Not destroyed when
    // it finishes: the file stays open for durable().
    super({ highWaterMark: 256 * 1024, autoDestroy: false });
  }

  override _writev(chunks: { chunk: Buffer }[], done: (err?: Error | null) => void): void {
    const buffers = chunks.map((c) => c.chunk);
    this.file.writev(buffers).then(({ bytesWritten }) => {
      this.unflushed += bytesWritten;
      this.written += bytesWritten;
      this.onWritten?.(this.written);
      if (this.unflushed >= FLUSH_EVERY && !this.flushing && flushesUnderWay < MAX_FLUSHES_UNDER_WAY) {
        this.unflushed = 0;
        flushesUnderWay++;
        // Kept for the end: the kernel reports a failed writeback once per descriptor, so the final
        // fsync would not see an error this flush consumed.
        this.flushing = this.file
          .datasync()
          .catch((err: Error) => void (this.flushError ??= err))
          .finally(() => {
            flushesUnderWay--;
            this.flushing = undefined;
          });
      }
      done();
    }, done);
  }

  /** After the stream finished: every byte on disk (fsync), or the error of a failed flush; then closed. */
  async durable(): Promise<void> {
    try {
      await this.flushing;
      await this.file.sync();
      if (this.flushError) throw this.flushError;
    } finally {
      await this.closeFile();
    }
  }

  /** Closes the file (once; bytes refused while they stream are not synced). */
  closeFile(): Promise<void> {
    return (this.fileClosed ??= this.file.close().catch(() => undefined));
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    void this.closeFile().then(() => done(err));
  }
}
