import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APPROVAL_TEXT, type Approval } from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { businessDate, runEndOfDay, setBusinessDate, useEodScene } from '../../../test/support/eod.ts';

/**
 * A request lives for the business date it was made on, over HTTP against the real app: the calendar
 * (UTC midnight) plays no part, end of day closing the date does.
 */
describe('approval requests expire with their business date', () => {
  const scene = useEodScene('2031-03-14');
  let n = 0;

  /** A maker's four-eyes request: a new role, which the other superuser may approve. */
  async function askForRole(): Promise<string> {
    const { t, staff } = scene;
    const res = await staff.call('POST', '/api/roles', staff.maker, { name: `Night auditors ${++n}` });
    expect(res.statusCode, res.body).toBe(202);
    const { approvalId } = res.json<{ approvalId: string }>();
    const [row] = await queryRows<{ business_date: string }>(
      t.app.db,
      sql`select business_date::text from approval_requests where id = ${approvalId}::uuid`,
    );
    expect(row!.business_date).toBe(await businessDate(t.app));
    return approvalId;
  }
  const inbox = async (scope: 'decide' | 'mine') => {
    const { staff } = scene;
    const who = scope === 'decide' ? staff.checker : staff.maker;
    return (await staff.call('GET', `/api/approvals?scope=${scope}&pageSize=100`, who)).json<Approval[]>();
  };
  const approve = (id: string) =>
    scene.staff.call('POST', `/api/approvals/${id}/approve`, scene.staff.checker);

  it('a UTC midnight passing without end of day expires nothing', async () => {
    const id = await askForRole();
    // Made two calendar days ago, on the business date still open: the bank has not closed the day.
    await scene.t.app.db.execute(
      sql`update approval_requests set created_at = created_at - interval '2 days' where id = ${id}::uuid`,
    );
    const waiting = (await inbox('decide')).find((a) => a.id === id);
    expect(waiting).toMatchObject({ status: 'pending', expiresAt: null });
    const res = await approve(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved' });
  });

  it('is approvable on its date and expired once the business date moves past it', async () => {
    const { t } = scene;
    const id = await askForRole();
    expect((await inbox('decide')).find((a) => a.id === id)).toMatchObject({ status: 'pending' });
    // End of day's closing moves the business date to the next working day.
    await setBusinessDate(t.app, '2031-03-17');
    expect((await inbox('decide')).some((a) => a.id === id)).toBe(false);
    const mine = (await inbox('mine')).find((a) => a.id === id);
    expect(mine).toMatchObject({ status: 'expired' });
    expect(mine!.expiresAt).not.toBeNull();
    const res = await approve(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(APPROVAL_TEXT.notPending('expired'));
  });

  it('a real end-of-day run: a request carried over lives on the next date', async () => {
    const { t, staff } = scene;
    const id = await askForRole();
    const run = await runEndOfDay(t, staff, { carryOverApprovalIds: [id] });
    expect(run.status, run.error ?? '').toBe('completed');
    expect(await businessDate(t.app)).not.toBe('2031-03-17');
    expect((await inbox('decide')).find((a) => a.id === id)).toMatchObject({ status: 'pending' });
    const res = await approve(id);
    expect(res.statusCode, res.body).toBe(200);
  });
});
