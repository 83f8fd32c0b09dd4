import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileHasher } from './file-hasher.ts';

const hasher = new FileHasher();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-hasher-'));
afterAll(async () => {
  await hasher.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('FileHasher', () => {
  it('follows a file as it is written and digests exactly the bytes written, over several uploads at once', async () => {
    const files = [0, 1, 2].map((k) => {
      const file = path.join(dir, `f${k}.part`);
      fs.writeFileSync(file, '');
      return { file, digest: hasher.open(file), written: [] as Buffer[] };
    });
    // 3 MiB each in uneven pieces, interleaved, each announced after it is on the file.
    for (let i = 0; i < 24; i++) {
      for (const [k, f] of files.entries()) {
        const piece = Buffer.alloc(100_000 + i * 1000 + k, (i * 7 + k) % 251);
        fs.appendFileSync(f.file, piece);
        f.written.push(piece);
        f.digest.written(f.written.reduce((n, b) => n + b.length, 0));
      }
    }
    for (const f of files) {
      const all = Buffer.concat(f.written);
      expect(await f.digest.end(all.length)).toBe(sha256(all));
    }
  });

  it('refuses when the file holds fewer bytes than the upload counted', async () => {
    const file = path.join(dir, 'short.part');
    fs.writeFileSync(file, 'abc');
    const digest = hasher.open(file);
    await expect(digest.end(10)).rejects.toThrow('shorter than what was written');
  });

  it('reports a file that cannot be opened at the end, and forgets a dropped one', async () => {
    const missing = hasher.open(path.join(dir, 'missing.part'));
    await expect(missing.end(0)).rejects.toThrow(/ENOENT/);
    const file = path.join(dir, 'dropped.part');
    fs.writeFileSync(file, 'x');
    hasher.open(file).drop();
    // The worker still answers the next one.
    const ok = hasher.open(file);
    expect(await ok.end(1)).toBe(sha256(Buffer.from('x')));
  });

  it('fails a digest whose worker stopped, and starts a new worker for the next upload', async () => {
    const own = new FileHasher();
    const file = path.join(dir, 'again.part');
    fs.writeFileSync(file, 'again');
    expect(await own.open(file).end(5)).toBe(sha256(Buffer.from('again')));
    const cut = own.open(file);
    await own.stop();
    // A digest opened on the stopped worker fails at once instead of waiting for an answer.
    await expect(cut.end(5)).rejects.toThrow('the hashing worker stopped');
    expect(await own.open(file).end(5)).toBe(sha256(Buffer.from('again')));
    await own.stop();
  });
});
