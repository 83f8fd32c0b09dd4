import { apiCall, type Session } from './auth-client.ts';
import type { Rng } from './prng.ts';

export interface ConcurrentPostings {
  /** Signed cents of every acknowledged posting (credits positive). */
  ackedCents: bigint[];
  acked: number;
  /** Same reference sent to both servers at once: the statuses each pair got, e.g. [200, 201]. */
  duplicatePairs: number[][];
  duplicateIds: string[][];
  unexpected: string[];
}

const toCents = (amount: string) => BigInt(amount.replace('.', ''));

/**
 * `workers` clients post to one account at once, each alternating between the two servers, then
 * pairs of identical requests (one reference) go to both servers at the same moment.
 */
export async function postThroughBoth(
  pick: (i: number) => string,
  session: Session,
  accountNumber: string,
  rng: Rng,
  { workers = 8, perWorker = 25, duplicates = 10 } = {},
): Promise<ConcurrentPostings> {
  const out: ConcurrentPostings = {
    ackedCents: [],
    acked: 0,
    duplicatePairs: [],
    duplicateIds: [],
    unexpected: [],
  };
  const path = `/api/accounts/${accountNumber}/transactions`;
  const body = (reference: string) => {
    const direction = rng.chance(0.4) ? 'debit' : 'credit';
    const amount = `${rng.int(1, 500)}.${String(rng.int(0, 99)).padStart(2, '0')}`;
    // Every posting is a two-line entry: the other side is cash in vault.
    return { direction, amount, description: 'Cluster test', reference, counter_account: '1900' };
  };

  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let j = 0; j < perWorker; j++) {
        const b = body(`CL-${w}-${j}`);
        const r = await apiCall(pick(w + j), session, 'POST', path, b);
        if (r.status !== 201) {
          out.unexpected.push(`${b.reference}: ${r.status} ${JSON.stringify(r.body)}`);
          continue;
        }
        out.acked++;
        const cents = toCents((r.body as { amount: string }).amount);
        out.ackedCents.push(b.direction === 'credit' ? cents : -cents);
      }
    }),
  );

  for (let d = 0; d < duplicates; d++) {
    const b = body(`CL-DUP-${d}`);
    const pair = await Promise.all([0, 1].map((s) => apiCall(pick(s), session, 'POST', path, b)));
    out.duplicatePairs.push(pair.map((r) => r.status).sort());
    out.duplicateIds.push(pair.map((r) => (r.body as { id: string }).id));
    const created = pair.find((r) => r.status === 201);
    if (created) {
      out.acked++;
      const cents = toCents((created.body as { amount: string }).amount);
      out.ackedCents.push(b.direction === 'credit' ? cents : -cents);
    }
  }
  return out;
}
