import { Worker } from 'node:worker_threads';

/**
 * The worker's source, evaluated as a script (no file to find beside the server bundle). It keeps one
 * sha256 per staged file and reads the file back from the page cache up to what the writer says is
 * written, so the digest is of the bytes on disk.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const { createHash } = require('node:crypto');
const jobs = new Map();
const buffer = Buffer.allocUnsafe(1024 * 1024);
const close = (id) => { const job = jobs.get(id); jobs.delete(id); if (job) fs.closeSync(job.fd); };
parentPort.on('message', (m) => {
  try {
    if (m.kind === 'open') return void jobs.set(m.id, { fd: fs.openSync(m.path, 'r'), hash: createHash('sha256'), at: 0 });
    if (m.kind === 'drop') return close(m.id);
    const job = jobs.get(m.id);
    if (!job) return;
    while (job.at < m.upTo) {
      const n = fs.readSync(job.fd, buffer, 0, Math.min(buffer.length, m.upTo - job.at), job.at);
      if (n === 0) throw new Error('the staged file is shorter than what was written to it');
      job.hash.update(buffer.subarray(0, n));
      job.at += n;
    }
    if (m.kind === 'end') {
      close(m.id);
      parentPort.postMessage({ id: m.id, sha256: job.hash.digest('hex') });
    }
  } catch (err) {
    try { close(m.id); } catch {}
    parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) });
  }
});
`;

type Answer = { id: number; sha256?: string; error?: string };

/** One sha256 under way: told how far the file is written, then its final size. */
export interface FileDigest {
  written: (upTo: number) => void;
  /** The digest of the first `size` bytes of the file. */
  end: (size: number) => Promise<string>;
  /** Forgets it (a refused or failed upload). */
  drop: () => void;
}

/**
 * Hashes staged uploads on a worker thread. Hashing 10 MB took 6 ms of the event loop's time while
 * the same thread was receiving the bytes; on the worker it runs beside the upload, one writev behind.
 */
export class FileHasher {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { worker: Worker; resolve: (s: string) => void; reject: (e: Error) => void }
  >();
  /** Errors the worker sent before `end` was asked, by id, while the digest is still wanted. */
  private readonly failed = new Map<number, Error>();
  private readonly live = new Set<number>();

  /** Starts the worker now (at start-up), so its memory is part of the server's baseline. */
  start(): void {
    if (this.worker) return;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    worker.on('message', (m: Answer) => this.answer(m));
    // Whatever this worker still owed fails; the next upload starts a new worker.
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, w] of this.waiting) {
        if (w.worker !== worker) continue;
        this.waiting.delete(id);
        w.reject(err);
      }
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the hashing worker stopped')));
    this.worker = worker;
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  open(path: string): FileDigest {
    this.start();
    const worker = this.worker!;
    const id = ++this.nextId;
    this.live.add(id);
    worker.postMessage({ kind: 'open', id, path });
    return {
      written: (upTo) => worker.postMessage({ kind: 'written', id, upTo }),
      end: (size) => {
        this.live.delete(id);
        const early = this.failed.get(id);
        this.failed.delete(id);
        if (early) return Promise.reject(early);
        // The worker this digest followed is gone (it failed or was stopped): its state went with it.
        if (this.worker !== worker) return Promise.reject(new Error('the hashing worker stopped'));
        return new Promise<string>((resolve, reject) => {
          this.waiting.set(id, { worker, resolve, reject });
          worker.postMessage({ kind: 'end', id, upTo: size });
        });
      },
      drop: () => {
        this.live.delete(id);
        this.failed.delete(id);
        worker.postMessage({ kind: 'drop', id });
      },
    };
  }

  private answer(m: Answer): void {
    const w = this.waiting.get(m.id);
    if (!w) {
      // An error before `end` (a read failed): kept for `end`, which rejects with it.
      if (m.error && this.live.has(m.id)) this.failed.set(m.id, new Error(m.error));
      return;
    }
    this.waiting.delete(m.id);
    if (m.sha256) w.resolve(m.sha256);
    else w.reject(new Error(m.error ?? 'hashing failed'));
  }
}
