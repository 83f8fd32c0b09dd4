import { sql } from 'drizzle-orm';
import { padCustomerId } from '@bankmanager/contracts';
import type { Database } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import type { SaveAttempt } from './crash-writers.ts';

export interface SaveFigures {
  acked: number;
  stale: number;
  unknownApplied: number;
  unknownNotApplied: number;
  lost: number;
}

interface Applied {
  version: number;
  mobile: string;
  mbSub: boolean;
}

/**
 * Each customer's subscription went through versions initial+1 … final, one applied save each, and
 * each applied save has exactly one audit row (written in the same transaction). So, per customer:
 * - the audit rows carry versions initial+1 … final, once each;
 * - the save applied as version k was sent with version k-1: it is the acknowledged save with version
 *   k, or else an unacknowledged one sent with k-1 (at most one of those can have applied);
 * - every acknowledged save is among them, as acknowledged; refused (stale) saves are not;
 * - the row holds the last applied save. So the last acknowledged value is what the row shows,
 *   unless a later save, unacknowledged but whole, replaced it.
 */
export async function verifySaves(
  db: Database,
  customers: { custId: number; initialVersion: number }[],
  attempts: SaveAttempt[],
  problems: string[],
): Promise<SaveFigures> {
  const f: SaveFigures = { acked: 0, stale: 0, unknownApplied: 0, unknownNotApplied: 0, lost: 0 };
  for (const { custId, initialVersion } of customers) {
    const mine = attempts.filter((a) => a.custId === custId);
    const [row] = await queryRows<{ version: number; mobile_no: string; subscribed: boolean }>(
      db,
      sql`select version, mobile_no, subscribed from mobile_banking_subscriptions where cust_id = ${custId}`,
    );
    const audits = await queryRows<{ after: { version: number; mobile_no: string; mb_sub: boolean } }>(
      db,
      sql`select details->'after' as after from audit_log
          where action = 'mobile_banking.subscription_saved' and target_id = ${padCustomerId(custId)}
          order by id`,
    );
    const applied: Applied[] = audits.map((a) => ({
      version: Number(a.after.version),
      mobile: a.after.mobile_no,
      mbSub: a.after.mb_sub,
    }));
    const say = (msg: string) => problems.push(`customer ${custId}: ${msg}`);
    const versions = applied.map((a) => a.version);
    const expected = Array.from(
      { length: (row?.version ?? 0) - initialVersion },
      (_, i) => initialVersion + 1 + i,
    );
    if (JSON.stringify(versions) !== JSON.stringify(expected)) {
      say(`audit versions ${JSON.stringify(versions)} but the row is at ${row?.version}`);
    }
    for (const a of applied) {
      const source = mine.find((s) => s.mobile === a.mobile && s.mbSub === a.mbSub);
      if (!source || source.expectedVersion !== a.version - 1 || source.state === 'refused') {
        say(
          `applied version ${a.version} matches no save that could have made it: ${JSON.stringify(source)}`,
        );
      } else if (source.state === 'unknown') f.unknownApplied++;
    }
    for (const s of mine) {
      if (s.state === 'refused') f.stale++;
      if (s.state === 'unknown' && !applied.some((a) => a.mobile === s.mobile)) f.unknownNotApplied++;
      if (s.state !== 'acked') continue;
      f.acked++;
      const a = applied.find((x) => x.version === s.version);
      if (!a || a.mobile !== s.mobile || a.mbSub !== s.mbSub) {
        f.lost++;
        say(`LOST acknowledged save version ${s.version} (${s.mobile})`);
      }
    }
    const last = applied.at(-1);
    if (last && (row?.mobile_no !== last.mobile || row.subscribed !== last.mbSub)) {
      say(`row ${JSON.stringify(row)} is not the last applied save ${JSON.stringify(last)}`);
    }
  }
  return f;
}
