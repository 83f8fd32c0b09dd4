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
const reason = (err) => String((err && err.message) || err);
// A failed job keeps its error until 'end' asks for the digest; its file is closed at once.
const release = (job) => { if (job.fd !== undefined) fs.closeSync(job.fd); job.fd = undefined; };
parentPort.on('message', (m) => {
  if (m.kind === 'open') {
    const job = { hash: createHash('sha256'), at: 0 };
    try { job.fd = fs.openSync(m.path, 'r'); } catch (err) { job.error = reason(err); }
    return void jobs.set(m.id, job);
  }
  const job = jobs.get(m.id);
  if (!job) return;
  if (m.kind === 'drop') return void (jobs.delete(m.id), release(job));
  try {
    while (!job.error && job.at < m.upTo) {
      const n = fs.readSync(job.fd, buffer, 0, Math.min(buffer.length, m.upTo - job.at), job.at);
      if (n === 0) throw new Error('the staged file is shorter than what was written to it');
      job.hash.update(buffer.subarray(0, n));
      job.at += n;
    }
  } catch (err) {
    job.error = reason(err);
    release(job);
  }
  if (m.kind !== 'end') return;
  jobs.delete(m.id);
  release(job);
  parentPort.postMessage(job.error ? { id: m.id, error: job.error } : { id: m.id, sha256: job.hash.digest('hex') });
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

  /**
   * Starts the worker if none runs, from the first upload (about 30 ms). Not at start-up: most
   * servers built by the tests, and many real ones, never receive an upload.
   */
  private start(): void {
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
    worker.postMessage({ kind: 'open', id, path });
    return {
      written: (upTo) => worker.postMessage({ kind: 'written', id, upTo }),
      end: (size) => {
        // The worker this digest followed is gone (it failed or was stopped): its state went with it.
        if (this.worker !== worker) return Promise.reject(new Error('the hashing worker stopped'));
        return new Promise<string>((resolve, reject) => {
          this.waiting.set(id, { worker, resolve, reject });
          worker.postMessage({ kind: 'end', id, upTo: size });
        });
      },
      drop: () => worker.postMessage({ kind: 'drop', id }),
    };
  }

  private answer(m: Answer): void {
    const w = this.waiting.get(m.id);
    if (!w) return;
    this.waiting.delete(m.id);
    if (m.sha256) w.resolve(m.sha256);
    else w.reject(new Error(m.error ?? 'hashing failed'));
  }
}
