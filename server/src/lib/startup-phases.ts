import { performance } from 'node:perf_hooks';

export interface Phase {
  phase: string;
  /** Milliseconds the phase took. */
  ms: number;
  /** Ran beside other work: its time overlaps the next sequential phase's. */
  overlapped?: boolean;
}

/**
 * Times the start-up phases (ADR 0028: a warm restart must be healthy within 2 s). The first phase runs
 * from the process's start to the first mark, so nothing before it goes uncounted.
 */
export function startupPhases() {
  const phases: Phase[] = [];
  let last = 0;
  const since = (t: number) => Math.round(performance.now() - t);
  return {
    phases,
    /** Ends the sequential phase named `phase` now. */
    end(phase: string): void {
      phases.push({ phase, ms: since(last) });
      last = performance.now();
    },
    /** Times `work`, which runs beside other work; the next `end()` covers the wall time of all of it. */
    async overlapped<T>(phase: string, work: Promise<T>): Promise<T> {
      const t = performance.now();
      const value = await work;
      phases.push({ phase, ms: since(t), overlapped: true });
      return value;
    },
  };
}
