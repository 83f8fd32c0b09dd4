import { sql, type SQL } from 'drizzle-orm';
import type { Till, TillTeller } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { writeAudit } from '../audit/index.ts';
import type { Teller } from './caller.ts';
import { refuse } from './refusals.ts';

/**
 * The branch's till register (Teller administration). Only this file reads or writes `tills`; a
 * session opens on a till `assertTillUsable` lets through.
 */

const NAME = sql`coalesce((select nullif(p.full_name, '') from profiles p where p.id = t.assigned_teller_id),
  (select u.email from auth_users u where u.id = t.assigned_teller_id))`;
const COLUMNS = sql`t.id, t.branch_code as branch, t.code, t.name, t.assigned_teller_id as "assignedTellerId",
  ${NAME} as "assignedTellerName", t.active, t.updated_at as "updatedAt"`;

type Row = Omit<Till, 'updatedAt'> & { updatedAt: string | Date } & Record<string, unknown>;
const toTill = (r: Row): Till => ({ ...r, updatedAt: new Date(r.updatedAt).toISOString() });

export async function tillById(db: Database, id: string): Promise<Till | null> {
  const [r] = await queryRows<Row>(db, sql`select ${COLUMNS} from tills t where t.id = ${id}`);
  return r ? toTill(r) : null;
}

/** A page of the register, by branch and code; `q` matches code or name. */
export async function listTills(
  db: Database,
  f: { branch: string | undefined; q?: string | undefined; active?: boolean | undefined },
  window: PageWindow,
): Promise<{ rows: Till[]; total: number }> {
  const conds: SQL[] = [sql`true`];
  if (f.branch !== undefined) conds.push(sql`t.branch_code = ${f.branch}`);
  if (f.active !== undefined) conds.push(sql`t.active = ${f.active}`);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(t.code ilike ${like} or t.name ilike ${like})`);
  }
  const where = sql.join(conds, sql` and `);
  const rows = await queryRows<Row>(
    db,
    sql`select ${COLUMNS} from tills t where ${where} order by t.branch_code, t.code
        limit ${window.limit} offset ${window.offset}`,
  );
  const [n] = await queryRows<{ n: string }>(db, sql`select count(*) as n from tills t where ${where}`);
  return { rows: rows.map(toTill), total: Number(n!.n) };
}

/** The active tills of `branch` the teller may open: free ones and their own, by code. */
export async function usableTills(db: Database, branch: string, tellerId: string): Promise<Till[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select ${COLUMNS} from tills t
        where t.branch_code = ${branch} and t.active
          and (t.assigned_teller_id is null or t.assigned_teller_id = ${tellerId})
        order by t.code limit 200`,
  );
  return rows.map(toTill);
}

/** The tellers of `branch` (teller.cash holders working there), to assign a till to. */
export async function branchTellers(db: Database, branch: string): Promise<TillTeller[]> {
  return queryRows<TillTeller & Record<string, unknown>>(
    db,
    sql`select s.user_id as id, coalesce(nullif(p.full_name, ''), u.email) as name
        from staff s join auth_users u on u.id = s.user_id left join profiles p on p.id = s.user_id
        where s.home_branch = ${branch} and s.approved and 'teller.cash' = any(s.permissions)
        order by 2 limit 500`,
  );
}

/**
 * A session may open on `code` only if the branch's register has it, active, and free or assigned
 * to this teller. Locks the till's row, so a change to the register and an opening do not cross. A
 * branch that has registered no till yet keeps typed codes (ADR 0068): the migration registered every
 * code ever used, so this covers only a branch that has not been set up for the counter.
 */
export async function assertTillUsable(
  tx: Database,
  branch: string,
  code: string,
  tellerId: string,
): Promise<void> {
  const [t] = await queryRows<{ active: boolean; teller: string | null }>(
    tx,
    sql`select active, assigned_teller_id as teller from tills
        where branch_code = ${branch} and code = ${code} for share`,
  );
  if (!t) {
    const [r] = await queryRows<{ any: boolean }>(
      tx,
      sql`select exists (select 1 from tills where branch_code = ${branch}) as any`,
    );
    if (r!.any) throw refuse('till_unknown');
    return;
  }
  if (!t.active) throw refuse('till_inactive');
  if (t.teller !== null && t.teller !== tellerId) throw refuse('till_assigned_elsewhere');
}

/** The assigned teller must be a teller of the till's branch (400 on the field otherwise). */
async function assertBranchTeller(db: Database, branch: string, userId: string): Promise<void> {
  const [r] = await queryRows<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from staff s where s.user_id = ${userId} and s.home_branch = ${branch}
          and s.approved and 'teller.cash' = any(s.permissions)) as ok`,
  );
  if (!r!.ok) {
    const message = 'Choose a teller of the till’s branch';
    throw badRequest(message, [{ path: '/assignedTellerId', message }]);
  }
}

export interface TillChange {
  name: string;
  assignedTellerId: string | null;
  active: boolean;
}

const audit = (tx: Database, by: Teller, action: string, id: string, details: Record<string, unknown>) =>
  writeAudit(tx, {
    action,
    outcome: 'success',
    actorId: by.id,
    actorEmail: by.email,
    ip: by.ip,
    targetType: 'till',
    targetId: id,
    details,
  });

/** Registers a till in `branch`; its audit row in the same transaction. */
export async function createTill(
  db: Database,
  by: Teller,
  branch: string,
  t: { code: string } & Omit<TillChange, 'active'>,
): Promise<string> {
  if (t.assignedTellerId) await assertBranchTeller(db, branch, t.assignedTellerId);
  try {
    return await db.transaction(async (tx) => {
      const [r] = await queryRows<{ id: string }>(
        tx,
        sql`insert into tills (branch_code, code, name, assigned_teller_id)
            values (${branch}, ${t.code}, ${t.name}, ${t.assignedTellerId}) returning id`,
      );
      await audit(tx, by, 'teller.till_create', r!.id, { branch, ...t });
      return r!.id;
    });
  } catch (err) {
    if (violatedConstraint(err) === 'tills_branch_code_key') throw refuse('till_code_taken');
    throw err;
  }
}

/** A till of the demo's register: its code, its name and, optionally, the teller (by email) it is kept for. */
export interface DemoTill {
  code: string;
  name: string;
  tellerEmail?: string;
}

/**
 * Registers the demo branches' tills (demo data only), once: a second run finds the codes and adds
 * nothing. With a register, the teller picks a till from the branch's list instead of typing a code.
 */
export async function registerDemoTills(
  tx: Database,
  branch: string,
  tills: readonly DemoTill[],
): Promise<void> {
  for (const t of tills) {
    const [r] = await queryRows<{ id: string }>(
      tx,
      sql`insert into tills (branch_code, code, name, assigned_teller_id)
          values (${branch}, ${t.code}, ${t.name},
                  (select id from auth_users where email = ${t.tellerEmail ?? null}))
          on conflict (branch_code, code) do nothing returning id`,
    );
    if (r) {
      await writeAudit(tx, {
        action: 'teller.till_create',
        outcome: 'success',
        actorId: null,
        actorEmail: null,
        ip: null,
        targetType: 'till',
        targetId: r.id,
        details: { branch, ...t, source: 'seed' },
      });
    }
  }
}

/** Changes a till's name, teller or use; the audit row keeps what it was and what it became. */
export async function updateTill(db: Database, by: Teller, before: Till, change: TillChange): Promise<void> {
  if (change.assignedTellerId && change.assignedTellerId !== before.assignedTellerId)
    await assertBranchTeller(db, before.branch, change.assignedTellerId);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update tills set name = ${change.name}, assigned_teller_id = ${change.assignedTellerId},
            active = ${change.active}, updated_at = now()
          where id = ${before.id}`,
    );
    await audit(tx, by, 'teller.till_update', before.id, {
      branch: before.branch,
      code: before.code,
      before: { name: before.name, assignedTellerId: before.assignedTellerId, active: before.active },
      after: change,
    });
  });
}
