import { describe, expect, it } from 'vitest';
import type { EodStepView } from '@bankmanager/contracts';
import { duration, stepProgress } from './progress';

const step = (over: Partial<EodStepView>): EodStepView => ({
  step: 'credit_accrual',
  label: 'Credit interest accrual',
  position: 3,
  status: 'running',
  rowsTotal: 1000,
  rowsDone: 250,
  rowsFailed: 0,
  startedAt: '2026-11-24T18:00:00.000Z',
  finishedAt: null,
  updatedAt: '2026-11-24T18:00:10.000Z',
  note: null,
  error: null,
  totals: {},
  ...over,
});

describe('step progress', () => {
  it('gives the share done, the rate and the time left of a running step', () => {
    const p = stepProgress(step({}), Date.parse('2026-11-24T18:00:10.000Z'));
    expect(p).toEqual({ percent: 25, elapsedMs: 10_000, rate: 25, etaMs: 30_000 });
  });
  it('stops the clock when the step is done, with no time left', () => {
    const p = stepProgress(
      step({ status: 'done', rowsDone: 1000, finishedAt: '2026-11-24T18:00:20.000Z' }),
      Date.parse('2026-11-24T19:00:00.000Z'),
    );
    expect(p).toEqual({ percent: 100, elapsedMs: 20_000, rate: 50, etaMs: null });
  });
  it('knows nothing before a step starts', () => {
    expect(stepProgress(step({ status: 'pending', startedAt: null, rowsDone: 0, rowsTotal: 0 }), 0)).toEqual({
      percent: null,
      elapsedMs: null,
      rate: null,
      etaMs: null,
    });
  });
  it('writes durations in words', () => {
    expect([duration(42_000), duration(185_000), duration(3_720_000), duration(null)]).toEqual([
      '42 s',
      '3 min 5 s',
      '1 h 2 min',
      '—',
    ]);
  });
});
