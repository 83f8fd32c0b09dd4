import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FilesystemContentStore } from './filesystem-store.ts';

const roots: string[] = [];
function store() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-store-test-'));
  roots.push(root);
  return { root, s: new FilesystemContentStore(root) };
}
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));
const chunks = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)));
const read = async (r: Readable) => {
  const out: Buffer[] = [];
  for await (const c of r) out.push(c as Buffer);
  return Buffer.concat(out).toString();
};
const tooLarge = () => new Error('too large');

describe('FilesystemContentStore', () => {
  it('stages, commits under the sha256 and opens; identical bytes share one blob', async () => {
    const { root, s } = store();
    const a = await s.stage(chunks('hel', 'lo'), 100, tooLarge);
    expect(a).toMatchObject({
      size: 5,
      sha256: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    });
    expect(a.head.toString()).toBe('hello');
    await a.commit();
    const b = await s.stage(chunks('hello'), 100, tooLarge);
    await b.commit();
    expect(await read((await s.open(a.sha256))!)).toBe('hello');
    expect(fs.readdirSync(path.join(root, 'blobs', '2c'))).toEqual([a.sha256]);
    expect(fs.readdirSync(path.join(root, 'tmp'))).toEqual([]);
    expect(await s.open('0'.repeat(64))).toBeUndefined();
    expect(await s.open('../../etc/passwd')).toBeUndefined();
  });

  it('discards staged bytes whose fsync is under way; makes a shard directory again if it was removed', async () => {
    const { root, s } = store();
    const refused = await s.stage(chunks('refused'), 100, tooLarge);
    await refused.discard();
    expect(fs.readdirSync(path.join(root, 'tmp'))).toEqual([]);
    const first = await s.stage(chunks('shard'), 100, tooLarge);
    await first.commit();
    const shard = path.join(root, 'blobs', first.sha256.slice(0, 2));
    fs.rmSync(shard, { recursive: true });
    const again = await s.stage(chunks('shard'), 100, tooLarge);
    await again.commit();
    expect(await read((await s.open(first.sha256))!)).toBe('shard');
    expect(fs.readdirSync(path.join(root, 'tmp'))).toEqual([]);
  });

  it('refuses more than maxBytes while streaming and keeps nothing', async () => {
    const { root, s } = store();
    await expect(s.stage(chunks('12345', '67890'), 8, tooLarge)).rejects.toThrow('too large');
    expect(fs.readdirSync(path.join(root, 'tmp'))).toEqual([]);
    expect(fs.readdirSync(path.join(root, 'blobs'))).toEqual([]);
  });

  it('sweeps unreferenced blobs and abandoned temporary files, sparing young ones', async () => {
    const { root, s } = store();
    const kept = await s.stage(chunks('kept'), 100, tooLarge);
    await kept.commit();
    const orphan = await s.stage(chunks('orphan'), 100, tooLarge);
    await orphan.commit();
    fs.writeFileSync(path.join(root, 'tmp', 'crashed.part'), 'partial');
    const referenced = async (digests: string[]) => new Set(digests.filter((d) => d === kept.sha256));
    expect(await s.sweep(referenced, 60_000)).toEqual({ blobsRemoved: 0, tempFilesRemoved: 0 });
    expect(await s.sweep(referenced, 0)).toEqual({ blobsRemoved: 1, tempFilesRemoved: 1 });
    expect(await s.open(orphan.sha256)).toBeUndefined();
    expect(await read((await s.open(kept.sha256))!)).toBe('kept');
  });
});
