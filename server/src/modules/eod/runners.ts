import type { DbHandle } from '../../db/client.ts';
import type { EodRunner } from './runner.ts';

/** Each app's runner, by its database handle (one per app; tests build several apps in a process). */
export const runners = new WeakMap<DbHandle, EodRunner>();

export const eodRunnerFor = (handle: DbHandle): EodRunner | undefined => runners.get(handle);
