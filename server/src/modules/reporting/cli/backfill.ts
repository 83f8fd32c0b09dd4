// The dashboard's history for the months before end of day kept it (ADR 0049): each of the last
// `--months` calendar month ends (default 12) before the business date gets its figures as balances
// at that date, one transaction per date, oldest first; a date already kept is left as it is, so the
// command can be run again after a failure and goes on where it stopped.
//   node --import tsx src/modules/reporting/cli/backfill.ts [--months N]   (from server/, DATABASE_URL or DATA_DIR)
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/rows.ts';
import { aggregateDay } from '../aggregate.ts';
import { openForCli, runCli } from '../../../db/cli/open-for-cli.ts';

runCli(async () => {
  const { values } = parseArgs({ options: { months: { type: 'string', default: '12' } } });
  const months = Number(values.months);
  if (!Number.isInteger(months) || months < 1 || months > 240) throw new Error('--months must be 1 to 240');
  const handle = await openForCli();
  try {
    const [r] = await queryRows<{ d: string }>(handle.db, sql`select current_business_date()::text as d`);
    const [y, m] = [Number(r!.d.slice(0, 4)), Number(r!.d.slice(5, 7))];
    for (let i = months; i >= 1; i--) {
      const date = new Date(Date.UTC(y, m - i, 0)).toISOString().slice(0, 10);
      const out = await handle.db.transaction((tx) => aggregateDay(tx, date, 'backfill'));
      console.log(`${date}: ${out.alreadyTaken ? 'already kept' : `${out.rows} rows`}`);
    }
  } finally {
    await handle.close();
  }
});
