/**
 * How many spec files run at once, each worker with its own servers and browser (global-setup.ts).
 * Three on CI's 2 cores: a journey waits on its page much of the time, and with two workers the cores
 * were a third idle. The whole tier, alternated runs on a quiet machine: 291–303 s with two workers,
 * 241–242 s with three, for 3–5 % more CPU, every test passing (bench/results/2026-12-02-e2e-three-workers.md).
 * E2E_WORKERS=1 runs every file in one worker, one after the other.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));
