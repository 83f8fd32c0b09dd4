import { GL_CLASS_LABELS, formatCurrency, type GlAccount } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { useGlAccounts } from '../api/get-gl-accounts';

const indent = { class: 'font-semibold', group: 'pl-4 font-medium', account: 'pl-8' } as const;

/** A balance per currency on its side: "Le 1,000.00 Dr". */
function Balances({ a }: { a: GlAccount }) {
  if (a.balances.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid gap-0.5">
      {a.balances.map((b) => {
        const credit = b.credit !== '0.00';
        return (
          <li
            key={b.currency}
          >{`${formatCurrency(credit ? b.credit : b.debit, b.currency)} ${credit ? 'Cr' : 'Dr'}`}</li>
        );
      })}
    </ul>
  );
}

/** The chart of accounts in tree order (class → group → account) with current balances. */
export function ChartTab({ onStatement }: { onStatement: (code: string) => void }) {
  const chart = useGlAccounts();
  if (chart.isPending) return <p>Loading the chart of accounts...</p>;
  if (chart.isError)
    return (
      <p role="alert" className="text-destructive">
        {chart.error.message}
      </p>
    );
  return (
    <Table>
      <TableCaption>Chart of accounts with balances</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead kind="code">Code</TableHead>
          <TableHead>Name</TableHead>
          <TableHead className="hidden md:table-cell">Class</TableHead>
          <TableHead className="hidden md:table-cell">Currency</TableHead>
          <TableHead align="right">Balance</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {chart.data.map((a) => (
          <TableRow key={a.code}>
            <TableCell kind="code">{a.code}</TableCell>
            <TableCell className={cn(indent[a.kind])}>
              {a.kind === 'account' ? (
                <button
                  type="button"
                  className="text-left underline-offset-2 hover:underline focus-visible:underline"
                  onClick={() => onStatement(a.code)}
                  aria-label={`Statement of ${a.code} ${a.name}`}
                >
                  {a.name}
                </button>
              ) : (
                a.name
              )}
              {a.is_control ? (
                <Badge variant="secondary" className="ml-2">
                  control
                </Badge>
              ) : null}
              {a.manual_posting ? (
                <Badge variant="outline" className="ml-2">
                  manual
                </Badge>
              ) : null}
              {a.status !== 'active' ? (
                <Badge variant="outline" className="ml-2">
                  {a.status}
                </Badge>
              ) : null}
            </TableCell>
            <TableCell className="hidden md:table-cell">{GL_CLASS_LABELS[a.class]}</TableCell>
            <TableCell className="hidden md:table-cell">
              {a.currency === 'both' ? 'SLE, USD' : a.currency}
            </TableCell>
            <TableCell align="right" kind="amount">
              <Balances a={a} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
