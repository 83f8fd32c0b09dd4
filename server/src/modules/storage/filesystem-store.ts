import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DurableFileSink } from './durable-file.ts';
import { FileHasher, type FileDigest } from './file-hasher.ts';
import type { ContentStore, StagedContent, SweepResult } from './content-store.ts';

const HEAD_BYTES = 4100;
const SHA256 = /^[0-9a-f]{64}$/;

/** Counts and keeps the head of what passes; fails as soon as it exceeds `maxBytes`. */
class Meter extends Transform {
  size = 0;
  private readonly headChunks: Buffer[] = [];
  private headSize = 0;
  constructor(
    private readonly maxBytes: number,
    private readonly onTooLarge: () => Error,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(this.onTooLarge());
    if (this.headSize < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headSize);
      this.headChunks.push(part);
      this.headSize += part.length;
    }
    done(null, chunk);
  }
  get head(): Buffer {
    return Buffer.concat(this.headChunks);
  }
}

/** fsync of a directory: makes a rename into it durable (the file itself is synced by DurableFileSink.durable). */
async function fsyncDirectory(dir: string): Promise<void> {
  const fh = await fsp.open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * Blobs under `<root>/blobs/<first two hex digits>/<sha256>`, written as `<root>/tmp/<uuid>.part`,
 * fsynced, then renamed into place (atomic; a rename over an identical blob is harmless), then the
 * directory fsynced. Many servers may share the root: names are unique and renames atomic.
 */
export class FilesystemContentStore implements ContentStore {
  private readonly blobs: string;
  private readonly tmp: string;
  private readonly hasher = new FileHasher();
  constructor(readonly root: string) {
    this.blobs = path.join(root, 'blobs');
    this.tmp = path.join(root, 'tmp');
    fs.mkdirSync(this.blobs, { recursive: true });
    fs.mkdirSync(this.tmp, { recursive: true });
  }

  close(): Promise<void> {
    return this.hasher.stop();
  }

  private blobPath(sha256: string): string {
    return path.join(this.blobs, sha256.slice(0, 2), sha256);
  }

  async stage(source: Readable, maxBytes: number, onTooLarge: () => Error): Promise<StagedContent> {
    const tmpPath = path.join(this.tmp, `${randomUUID()}.part`);
    const meter = new Meter(maxBytes, onTooLarge);
    let discarded = false;
    let digest: FileDigest | undefined;
    let sink: DurableFileSink | undefined;
    let synced: Promise<void> | undefined;
    let sha256: string;
    const discard = async () => {
      if (discarded) return;
      discarded = true;
      // The file is closed by the fsync under way (or here); never removed while it runs.
      await synced?.catch(() => undefined);
      await sink?.closeFile();
      await fsp.rm(tmpPath, { force: true });
    };
    try {
      // pipe, not pipeline: a refused upload must not destroy the source (the request, whose
      // connection still has to carry the 413); the caller drains it.
      // Create the file before anything can fail: a stream that opens lazily could create it after
      // a refusal had already removed it, leaving a stray .part behind.
      sink = new DurableFileSink(await fsp.open(tmpPath, 'wx'), (n) => digest?.written(n));
      digest = this.hasher.open(tmpPath);
      source.on('error', (err) => meter.destroy(err));
      source.pipe(meter);
      await pipeline(meter, sink);
      // The last fsync from the moment the last byte is written: it costs about 3 ms whatever is left
      // to write, and runs while the digest is finished and the type checked (commit waits for it).
      synced = sink.durable();
      synced.catch(() => undefined); // awaited by commit or discard
      sha256 = await digest.end(meter.size);
    } catch (err) {
      source.unpipe(meter);
      digest?.drop();
      await discard();
      throw err;
    }
    return {
      sha256,
      size: meter.size,
      head: meter.head,
      discard,
      commit: async () => {
        // The bytes on disk before their name points at them: a rename over an existing blob of the
        // same digest must never leave it with unsynced bytes.
        await synced;
        const target = this.blobPath(sha256);
        await this.renameIntoPlace(tmpPath, target);
        discarded = true;
        await fsyncDirectory(path.dirname(target));
      },
    };
  }

  /**
   * Renames into the blob's shard directory (blobs/<two hex digits>/), made only when the rename finds
   * it missing: on its first use, or after it was removed behind this process's back (by hand, or
   * another server's clean-up). Either way one thread-pool trip, as a mkdir before every rename was.
   */
  private async renameIntoPlace(from: string, to: string): Promise<void> {
    try {
      await fsp.rename(from, to);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await fsp.mkdir(path.dirname(to), { recursive: true });
      await fsp.rename(from, to);
    }
  }

  async open(sha256: string): Promise<Readable | undefined> {
    if (!SHA256.test(sha256)) return undefined;
    try {
      const fh = await fsp.open(this.blobPath(sha256), 'r');
      // 1 MiB reads: a tenth of the chunks (and event-loop turns) of the 64 KiB default.
      return fh.createReadStream({ highWaterMark: 1024 * 1024 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async sweep(
    isReferenced: (sha256s: string[]) => Promise<Set<string>>,
    graceMs: number,
  ): Promise<SweepResult> {
    const cutoff = Date.now() - graceMs;
    const old = async (p: string) => (await fsp.stat(p).catch(() => undefined))?.mtimeMs ?? Infinity;
    let tempFilesRemoved = 0;
    for (const name of await fsp.readdir(this.tmp)) {
      const p = path.join(this.tmp, name);
      if ((await old(p)) <= cutoff) {
        await fsp.rm(p, { force: true });
        tempFilesRemoved++;
      }
    }
    let blobsRemoved = 0;
    for (const shard of await fsp.readdir(this.blobs)) {
      const dir = path.join(this.blobs, shard);
      const names = (await fsp.readdir(dir).catch(() => [])).filter((n) => SHA256.test(n));
      for (let i = 0; i < names.length; i += 500) {
        const batch = names.slice(i, i + 500);
        const referenced = await isReferenced(batch);
        for (const name of batch) {
          const p = path.join(dir, name);
          // Young blobs may belong to an upload whose metadata is about to commit.
          if (!referenced.has(name) && (await old(p)) <= cutoff) {
            await fsp.rm(p, { force: true });
            blobsRemoved++;
          }
        }
      }
    }
    return { blobsRemoved, tempFilesRemoved };
  }
}
