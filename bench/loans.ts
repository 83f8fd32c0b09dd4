// The loan schedule engine (ADR 0038) generating schedules of 36 monthly instalments, beside a bare
// loop doing the same arithmetic in JS numbers: the floor no exact engine can beat. The floor keeps
// no dates, strings or rows, so the ratio is what exactness, due dates and the output cost.
// npm run bench:loans [-- --schedules 100000] [--runs 3] [--loans 20000] [--chunk 20000]
import { parseArgs } from 'node:util';
import { buildSchedule, type LoanScheduleInput } from '@bankmanager/contracts';

const { values } = parseArgs({
  options: {
    schedules: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    loans: { type: 'string', default: '20000' },
    // End of day's own chunk (EOD_CHUNK_ROWS' default), so the auto-debit runs as it does at night.
    chunk: { type: 'string', default: '20000' },
  },
});
const SCHEDULES = Number(values.schedules);
const RUNS = Number(values.runs);
const N = 36;

// Varied terms, so neither side can reuse one result: 1,000 amounts × 24 rates, every method.
const METHODS = ['emi', 'equal_principal', 'flat'] as const;
const loanAt = (k: number): LoanScheduleInput => ({
  principal: `${5_000 + (k % 1000) * 137}.${String(k % 100).padStart(2, '0')}`,
  annualRate: `${12 + (k % 24)}.5`,
  method: METHODS[k % 3]!,
  instalments: N,
  frequency: 'monthly',
  disbursementDate: '2026-11-27',
  holidays: ['2026-12-25', '2026-12-26', '2027-01-01', '2027-04-27', '2027-12-25', '2028-04-27'],
});
const inputs = Array.from({ length: 3000 }, (_, k) => loanAt(k));

function engine(): number {
  let check = 0;
  for (let k = 0; k < SCHEDULES; k++) check += buildSchedule(inputs[k % inputs.length]!).instalments.length;
  return check;
}

/** The same arithmetic on floats: rounding to the cent with Math.round, no dates. */
function floor(): number {
  let check = 0;
  for (let k = 0; k < SCHEDULES; k++) {
    const loan = inputs[k % inputs.length]!;
    const p = Number(loan.principal);
    const i = Number(loan.annualRate) / 1200;
    const cent = (x: number) => Math.round(x * 100) / 100;
    const emi = cent((p * i) / (1 - (1 + i) ** -N));
    const flatShare = Math.floor(((p * i * N) / N) * 100) / 100;
    const even = Math.floor((p / N) * 100) / 100;
    let balance = p;
    for (let n = 1; n <= N; n++) {
      const interest = loan.method === 'flat' ? flatShare : cent(balance * i);
      const principal = n === N ? balance : loan.method === 'emi' ? emi - interest : even;
      balance = cent(balance - principal);
      check += principal + interest;
    }
  }
  return check;
}

function best(fn: () => number): number {
  let fastest = Infinity;
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    fn();
    fastest = Math.min(fastest, performance.now() - t);
  }
  return fastest;
}

engine(); // warm-up: compile both before timing
floor();
const engineMs = best(engine);
const floorMs = best(floor);
const rate = (ms: number) => Math.round((SCHEDULES / ms) * 1000).toLocaleString('en-US');
console.log(
  `loan schedules: ${SCHEDULES.toLocaleString('en-US')} × ${N} monthly instalments, best of ${RUNS}`,
);
console.log(
  `  engine (BigInt cents, dates, strings)  ${engineMs.toFixed(0).padStart(7)} ms  ${rate(engineMs)} schedules/s`,
);
console.log(
  `  floor (JS numbers, arithmetic only)    ${floorMs.toFixed(0).padStart(7)} ms  ${rate(floorMs)} schedules/s`,
);
console.log(`  engine ÷ floor                         ${(engineMs / floorMs).toFixed(1)}× the time`);

// With a PostgreSQL server (TEST_DATABASE_URL): repayments over HTTP beside the direct call, and the
// end-of-day auto-debit beside its SQL floor (bench/loans-db.ts). Without one, the schedule part alone.
if (process.env.TEST_DATABASE_URL) {
  const { benchLoansOnDatabase } = await import('./loans-db.ts');
  await benchLoansOnDatabase({ runs: 40, loans: Number(values.loans), chunk: Number(values.chunk) });
} else console.log('(set TEST_DATABASE_URL for repayments over HTTP and the auto-debit step on PostgreSQL)');
