import type { EodStepView } from '@bankmanager/contracts';

export interface StepProgress {
  /** 0–100, or null when the total is not known. */
  percent: number | null;
  elapsedMs: number | null;
  /** Rows per second so far. */
  rate: number | null;
  /** Time left at that rate, while the step runs. */
  etaMs: number | null;
}

/** Elapsed time, rate and time left of a step at `now` (the run screen ticks it every second). */
export function stepProgress(s: EodStepView, now: number): StepProgress {
  const start = s.startedAt ? Date.parse(s.startedAt) : null;
  const end = s.finishedAt ? Date.parse(s.finishedAt) : s.status === 'running' ? now : null;
  const elapsedMs = start !== null && end !== null ? Math.max(0, end - start) : null;
  const rate = elapsedMs && elapsedMs > 0 && s.rowsDone > 0 ? (s.rowsDone * 1000) / elapsedMs : null;
  const percent =
    s.rowsTotal > 0
      ? Math.min(100, Math.round((s.rowsDone * 100) / s.rowsTotal))
      : s.status === 'done'
        ? 100
        : null;
  const left = s.rowsTotal - s.rowsDone;
  const etaMs = s.status === 'running' && rate && left > 0 ? (left * 1000) / rate : null;
  return { percent, elapsedMs, rate, etaMs };
}

/** 42 s, 3 min 5 s, 1 h 2 min. */
export function duration(ms: number | null): string {
  if (ms === null) return '—';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
