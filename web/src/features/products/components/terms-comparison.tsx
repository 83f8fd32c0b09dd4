import { Link } from 'react-router';
import type { Product, ProductTerms } from '@bankmanager/contracts';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { rateInForce, showDate, showMoney, showRate, showRollover, showTenors } from '../lib/show';

const DEFINITION = '/products/definition';

type Row = [label: string, show: (t: ProductTerms, p: Product) => string];

const tiers = (t: ProductTerms, p: Product) =>
  t.creditTiers.length
    ? t.creditTiers.map((x) => `from ${showMoney(x.minBalance, p.currency)}: ${showRate(x.rate)}`).join('; ')
    : 'None';

/** The terms in force, one line per rule, so products read side by side (one column each). */
const ROWS: Row[] = [
  ['Effective from', (t) => showDate(t.effectiveFrom)],
  ['Credit rate in force', (t) => rateInForce(t)],
  ['Balance tiers', tiers],
  ['Interest posting', (t) => `${t.postingFrequency}, ${t.dayCount}`],
  ['Overdraft (debit) rate', (t) => showRate(t.debitRate)],
  ['Minimum opening balance', (t, p) => showMoney(t.minOpeningBalance, p.currency)],
  ['Minimum operating balance', (t, p) => showMoney(t.minOperatingBalance, p.currency)],
  ['Monthly maintenance fee', (t, p) => showMoney(t.monthlyFee, p.currency)],
  ['Below-minimum fee', (t, p) => showMoney(t.belowMinimumFee, p.currency)],
  ['Closure fee', (t, p) => showMoney(t.closureFee, p.currency)],
  ['Dormant after', (t) => `${t.dormancyDays} days`],
  ['Fixed-deposit tenors', (t) => showTenors(t)],
  ['Rollover', (t) => showRollover(t)],
  ['Early-withdrawal penalty', (t) => showRate(t.fixedDeposit?.earlyWithdrawalPenaltyRate ?? null)],
];

export function TermsComparison({ products }: { products: Product[] }) {
  return (
    <Table>
      <TableCaption>Terms in force, product by product</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Rule</TableHead>
          {products.map((p) => (
            <TableHead key={p.code} kind="code">
              {/* A link per column: the product's detail, and a stop for the keyboard in the scrolling box. */}
              <Link className="underline" to={`${DEFINITION}?code=${encodeURIComponent(p.code)}`}>
                {p.code}
              </Link>
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {ROWS.map(([label, show]) => (
          <TableRow key={label}>
            <TableHead scope="row" className="whitespace-nowrap">
              {label}
            </TableHead>
            {products.map((p) => (
              <TableCell key={p.code} className="min-w-40">
                {show(p.terms, p)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
