import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers } from '../support/spawn-server.ts';
import { pgliteBackend, postgresBackend, type Backend } from './backends.ts';
import { describeFigures, MIN_ACKED, runCrashScenario } from './crash-scenario.ts';
import { runSeed } from './prng.ts';

/**
 * Crash safety (npm run test:crash): eight clients post transactions and save subscriptions while the
 * real server process is SIGKILLed at random moments and restarted on the same data. Afterwards no
 * acknowledged write is missing, no unacknowledged one is half-applied, the ledger balances and the
 * audit chain verifies. RELIABILITY_SEED=<seed> replays a run's schedule.
 */
describe('crash safety (server SIGKILLed under load)', () => {
  const seed = runSeed();
  const backends: Backend[] = [];
  afterAll(() => {
    killAllServers();
    for (const b of backends) b.dispose();
  });

  for (const name of ['pglite', 'postgres'] as const) {
    it(`loses no acknowledged write and half-applies none on ${name}`, async () => {
      const backend = name === 'pglite' ? pgliteBackend() : await postgresBackend();
      backends.push(backend);
      const figures = await runCrashScenario(backend, seed);
      console.log(describeFigures(figures));
      expect(figures.problems).toEqual([]);
      expect(figures.postings.lost + figures.saves.lost).toBe(0);
      // The run must have exercised something: writes on both sides of the kills.
      expect(figures.postings.acked).toBeGreaterThan(MIN_ACKED.postings);
      expect(figures.saves.acked).toBeGreaterThan(MIN_ACKED.saves);
    });
  }
});
