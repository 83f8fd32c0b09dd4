import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

type Reads<T extends readonly unknown[]> = { [K in keyof T]: () => Promise<T[K]> };

/**
 * Reads that do not depend on each other: side by side on the pool, one after another inside a
 * transaction. A transaction holds one connection, and node-postgres refuses a second query on a
 * connection while one is running from its version 9 on (version 8 queues it with a deprecation
 * warning), so a caller that may be handed either gets the right one here.
 */
export async function independentReads<T extends readonly unknown[]>(
  db: Database,
  reads: Reads<T>,
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}
