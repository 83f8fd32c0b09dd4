import fs from 'node:fs';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock file holding our pid. A lock left by a dead process (SIGKILL, power loss)
 * is taken over; a lock held by a live process stops start-up with a clear message.
 */
export function acquireDirLock(file: string): () => Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return async () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new Error(`The data directory is in use by another server process (pid ${pid}): ${file}`);
      }
      fs.unlinkSync(file); // stale: its owner is gone
    }
  }
  throw new Error(`Could not lock ${file}`);
}
