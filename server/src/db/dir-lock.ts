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
 * When the process with this pid started (clock ticks since boot, Linux /proc), or undefined where
 * that cannot be read. A pid alone does not name a process: after a SIGKILL or a container restart
 * the dead server's pid may belong to another live process, and the lock would never be taken over.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) may hold spaces and parentheses; field 22 comes 20 fields after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** The lock file's text: "<pid> <start time>" (older servers wrote the pid alone). */
const lockText = (pid: number) => `${pid} ${processStartTime(pid) ?? ''}`.trim();

function holderIsAlive(text: string): { pid: number; alive: boolean } {
  const [pidText, started] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid))
    return { pid, alive: false };
  const now = processStartTime(pid);
  // Same pid, another start time: the holder died and its pid was reused.
  return { pid, alive: started === undefined || now === undefined || now === started };
}

/**
 * Takes an exclusive lock file naming our process. A lock left by a dead process (SIGKILL, power loss)
 * is taken over; a lock held by a live process stops start-up with a clear message.
 */
export function acquireDirLock(file: string): () => Promise<void> {
  const mine = lockText(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      return async () => {
        try {
          if (fs.readFileSync(file, 'utf8') === mine) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = holderIsAlive(fs.readFileSync(file, 'utf8'));
      if (holder.alive) {
        throw new Error(
          `The data directory is in use by another server process (pid ${holder.pid}): ${file}`,
        );
      }
      fs.unlinkSync(file); // stale: its owner is gone
    }
  }
  throw new Error(`Could not lock ${file}`);
}
