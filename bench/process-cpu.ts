// CPU time of the processes a bench runs (itself, a server it spawned, the PostgreSQL cluster it
// talks to), from Linux /proc. The machine is shared: its whole-machine busy time (/proc/stat) also
// counts whatever else runs, so a per-operation figure from it moves with the neighbours' load.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime, stime, cutime, cstime of a process in ms (children reaped by it included), or null. */
function stat(pid: number): { self: number; reaped: number; ppid: number } | null {
  try {
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // f[0] is field 3 (state): ppid is field 4, utime..cstime are fields 14..17.
    const n = (field: number) => Number(f[field - 3]);
    return { ppid: n(4), self: (n(14) + n(15)) * TICK_MS, reaped: (n(16) + n(17)) * TICK_MS };
  } catch {
    return null;
  }
}

/** A process's own CPU time in ms (user and system), or null when it is gone or not on this machine. */
export const processCpuMs = (pid: number): number | null => stat(pid)?.self ?? null;

function childrenOf(parent: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (Number.isInteger(pid) && stat(pid)?.ppid === parent) pids.push(pid);
  }
  return pids;
}

/**
 * A clock of the CPU used by this process, the given server processes, and a PostgreSQL cluster
 * (its postmaster, every live backend and helper, and those that exited, which the postmaster reaped
 * into its own children's time). `postgresBackendPid` is any backend's pid (`pg_backend_pid()`); where
 * the cluster is not on this machine, it is left out and `covers` says so.
 */
export function ownCpuClock(opts: { serverPids?: number[]; postgresBackendPid?: number }) {
  const postmaster = opts.postgresBackendPid ? stat(opts.postgresBackendPid)?.ppid : undefined;
  const covers = [
    'bench',
    ...(opts.serverPids?.length ? ['server'] : []),
    ...(postmaster ? ['PostgreSQL'] : []),
  ];
  /** Milliseconds of CPU so far, per kind of process. */
  const parts = (): CpuParts => {
    const mine = process.cpuUsage();
    const out = { bench: (mine.user + mine.system) / 1000, server: 0, postgres: 0 };
    for (const pid of opts.serverPids ?? []) {
      const s = stat(pid);
      if (s) out.server += s.self + s.reaped;
    }
    if (postmaster) {
      const p = stat(postmaster);
      if (p) out.postgres += p.self + p.reaped;
      for (const child of childrenOf(postmaster)) out.postgres += stat(child)?.self ?? 0;
    }
    return out;
  };
  return {
    covers: covers.join(', '),
    /** Milliseconds of CPU so far per kind of process (a difference of two readings is what ran in between). */
    readParts: parts,
  };
}

/** CPU milliseconds of the bench's own process, the servers it started, and PostgreSQL's processes. */
export interface CpuParts {
  bench: number;
  server: number;
  postgres: number;
}

/** `a + sign × b`, part by part: a difference of two readings (sign −1), or a running sum (sign 1). */
export function addParts(a: CpuParts, b: CpuParts, sign: 1 | -1): CpuParts {
  return {
    bench: a.bench + sign * b.bench,
    server: a.server + sign * b.server,
    postgres: a.postgres + sign * b.postgres,
  };
}

/** The CPU of every process kind together. */
export const totalCpu = (p: CpuParts) => p.bench + p.server + p.postgres;
