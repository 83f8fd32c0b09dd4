import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DurableFileSink } from './durable-file.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
async function openTemp(): Promise<{ file: string; handle: FileHandle }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-durable-'));
  dirs.push(dir);
  const file = path.join(dir, 'out.part');
  return { file, handle: await fsp.open(file, 'wx') };
}
/** 5 MiB in 64 KiB chunks, each filled with its index: order and completeness are checkable. */
const chunks = () => Array.from({ length: 80 }, (_, i) => Buffer.alloc(64 * 1024, i));

/** Counts what the sink asks of the handle; `failFlush` makes the background flushes fail. */
function spy(handle: FileHandle, failFlush = false) {
  const calls = { datasync: 0, sync: 0, close: 0 };
  const datasync = handle.datasync.bind(handle);
  const sync = handle.sync.bind(handle);
  const close = handle.close.bind(handle);
  handle.datasync = () => (calls.datasync++, failFlush ? Promise.reject(new Error('EIO')) : datasync());
  handle.sync = () => (calls.sync++, sync());
  handle.close = () => (calls.close++, close());
  return calls;
}

describe('DurableFileSink', () => {
  it('writes every byte in order, flushes in the background while writing; durable() fsyncs and closes', async () => {
    const { file, handle } = await openTemp();
    const calls = spy(handle);
    const totals: number[] = [];
    const sink = new DurableFileSink(handle, (n) => totals.push(n));
    await pipeline(Readable.from(chunks()), sink);
    // Finishing the stream neither fsyncs nor closes: durable() does, when the caller is ready.
    expect(calls).toMatchObject({ sync: 0, close: 0 });
    await sink.durable();
    expect(Buffer.compare(fs.readFileSync(file), Buffer.concat(chunks()))).toBe(0);
    // The hashing worker is told the running total after each write, ending with the whole file.
    expect(totals.at(-1)).toBe(80 * 64 * 1024);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    // 5 MiB with a flush after every MiB written: at least one ran before the end.
    expect(calls.datasync).toBeGreaterThanOrEqual(1);
    expect(calls).toMatchObject({ sync: 1, close: 1 });
  });

  it('durable() fails when a background flush failed, though the final fsync succeeds', async () => {
    const { handle } = await openTemp();
    const calls = spy(handle, true);
    const sink = new DurableFileSink(handle);
    await pipeline(Readable.from(chunks()), sink);
    await expect(sink.durable()).rejects.toThrow('EIO');
    expect(calls).toMatchObject({ sync: 1, close: 1 });
  });

  it('closeFile() closes once without syncing (a refused upload), whatever else closes it', async () => {
    const { handle } = await openTemp();
    const calls = spy(handle);
    const sink = new DurableFileSink(handle);
    await pipeline(Readable.from(chunks()), sink);
    await Promise.all([sink.closeFile(), sink.closeFile()]);
    sink.destroy();
    await new Promise((resolve) => sink.once('close', resolve));
    expect(calls).toMatchObject({ sync: 0, close: 1 });
  });

  it('closes the file when the source fails', async () => {
    const { handle } = await openTemp();
    const calls = spy(handle);
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(pipeline(failing, new DurableFileSink(handle))).rejects.toThrow('client went away');
    expect(calls).toMatchObject({ sync: 0, close: 1 });
  });
});
