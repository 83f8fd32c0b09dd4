import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDirLock, processStartTime } from './dir-lock.ts';

describe('data directory lock', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-lock-'));
  const file = path.join(dir, 'server.lock');
  // A live process that is not a server: what a dead server's pid may belong to after a restart.
  const other = spawn('sleep', ['60'], { stdio: 'ignore' });
  afterAll(() => {
    other.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // Start times come from /proc: elsewhere the lock falls back to the pid alone.
  const linux = process.platform === 'linux';

  it.runIf(linux)(
    'takes over a lock whose pid now belongs to another process (pid reused after a crash)',
    async () => {
      fs.writeFileSync(file, `${other.pid} 1`); // start time 1: long before that process started
      const release = acquireDirLock(file);
      expect(fs.readFileSync(file, 'utf8')).toMatch(new RegExp(`^${process.pid}\\b`));
      await release();
      expect(fs.existsSync(file)).toBe(false);
    },
  );

  it.runIf(linux)('refuses a lock held by a live process, in the new and the old (pid only) format', () => {
    const started = processStartTime(other.pid!);
    expect(started).toMatch(/^\d+$/);
    for (const text of [`${other.pid} ${started}`, `${other.pid}`]) {
      fs.writeFileSync(file, text);
      expect(() => acquireDirLock(file)).toThrow(/in use by another server process/);
    }
    fs.unlinkSync(file);
  });

  it('takes over a lock left by a dead process', async () => {
    fs.writeFileSync(file, '999999999');
    const release = acquireDirLock(file);
    await release();
    expect(fs.existsSync(file)).toBe(false);
  });
});
