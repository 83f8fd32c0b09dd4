import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EOD_TEXT,
  SIERRA_LEONE_FIXED_HOLIDAYS,
  type HolidayList,
  type PeriodList,
} from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import { LedgerError, postEntry } from '../ledger/index.ts';
import type { TestApp } from '../../../test/support/harness.ts';
import { useEodScene, type EodStaff } from '../../../test/support/eod.ts';

describe('the calendar: Sierra Leone holidays, working days, accounting periods', () => {
  let t: TestApp;
  let staff: EodStaff;
  const scene = useEodScene('2026-11-24');
  beforeAll(async () => {
    ({ t, staff } = scene);
  });

  it('seeds the fixed public holidays the contracts name, on each year’s dates', async () => {
    const rows = await queryRows<{ month: number; day: number; name: string }>(
      t.app.db,
      sql`select month, day, name from holidays where kind = 'fixed' order by month, day`,
    );
    expect(rows).toEqual(SIERRA_LEONE_FIXED_HOLIDAYS.map((h) => ({ ...h })));
    const res = await staff.call('GET', '/api/calendar/holidays?year=2027', staff.maker);
    const list = res.json<HolidayList>();
    expect(list.holidays.map((h) => h.date)).toEqual([
      '2027-01-01',
      '2027-02-18',
      '2027-03-08',
      '2027-04-27',
      '2027-05-01',
      '2027-12-25',
      '2027-12-26',
    ]);
    expect(list.nextBusinessDate).toBe('2026-11-25');
  });

  it('adds a movable holiday that the next business date then skips, and refuses bad ones', async () => {
    const add = await staff.call('POST', '/api/calendar/holidays', staff.maker, {
      date: '2026-11-25',
      name: 'Mawlid (Prophet’s Birthday)',
    });
    expect(add.statusCode).toBe(201);
    const list = (await staff.call('GET', '/api/calendar/holidays', staff.maker)).json<HolidayList>();
    expect(list.nextBusinessDate).toBe('2026-11-26');
    expect(list.holidays.map((h) => h.name)).toContain('Mawlid (Prophet’s Birthday)');
    const again = await staff.call('POST', '/api/calendar/holidays', staff.maker, {
      date: '2026-11-25',
      name: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    const past = await staff.call('POST', '/api/calendar/holidays', staff.maker, {
      date: '2026-11-01',
      name: 'Too late',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual([{ path: '/date', message: EOD_TEXT.holidayPast }]);
    const bad = await staff.call('POST', '/api/calendar/holidays', staff.maker, {
      date: '2026-02-30',
      name: 'No such day',
    });
    expect(bad.statusCode).toBe(400);
    const fixed = list.holidays.find((h) => h.kind === 'fixed')!;
    const del = await staff.call('DELETE', `/api/calendar/holidays/${fixed.id}`, staff.maker);
    expect(del.statusCode).toBe(409);
    const mine = list.holidays.find((h) => h.kind === 'movable')!;
    expect((await staff.call('DELETE', `/api/calendar/holidays/${mine.id}`, staff.maker)).statusCode).toBe(
      204,
    );
    // Christmas on a Friday, Boxing Day on Saturday: the 24th's next working day is the 28th.
    const [n] = await queryRows<{ d: string }>(
      t.app.db,
      sql`select next_working_day('2026-12-24')::text as d`,
    );
    expect(n!.d).toBe('2026-12-28');
  });

  it('closes a past month: nothing may then be posted into it, not even back-valued; it reopens', async () => {
    const early = await staff.call('POST', '/api/calendar/periods/2026-11/close', staff.maker, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().details).toEqual({ code: 'period_not_over' });
    const close = await staff.call('POST', '/api/calendar/periods/2026-10/close', staff.maker, {
      reason: 'October books final',
    });
    expect(close.statusCode).toBe(200);
    expect(close.json<PeriodList>().periods.find((p) => p.period === '2026-10')).toMatchObject({
      status: 'closed',
      closedBy: staff.maker.email,
    });
    const backValued = await postEntry(t.app.db, {
      source: 'manual',
      narration: 'Correction for October',
      valueDate: '2026-10-15',
      lines: [
        { glCode: '1900', currency: 'SLE', side: 'debit', amount: '1.00' },
        { glCode: '3020', currency: 'SLE', side: 'credit', amount: '1.00' },
      ],
      audit: { action: 'test.journal', targetType: 'gl', targetId: '1900' },
    }).catch((e: unknown) => e);
    expect(backValued).toBeInstanceOf(LedgerError);
    expect(backValued).toMatchObject({ code: 'closed_period', message: EOD_TEXT.closedPeriod });
    const year = await staff.call('POST', '/api/calendar/periods/2026/close', staff.maker, {});
    expect(year.statusCode).toBe(409);
    expect(
      (await staff.call('POST', '/api/calendar/periods/2026-10/reopen', staff.maker, {})).statusCode,
    ).toBe(200);
    const bad = await staff.call('POST', '/api/calendar/periods/2026-13/close', staff.maker, {});
    expect(bad.statusCode).toBe(400);
  });
});
