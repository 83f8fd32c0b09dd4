import {
  LOAN_CLASS_LABELS,
  formatAmount,
  fromCents,
  toCents,
  type ProvisionRunClass,
} from '@bankmanager/contracts';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

const MONEY = ['principal', 'collateral', 'required', 'held', 'change'] as const;

/** Sums a currency's classes to the cent (decimal strings, never floats). */
function total(rows: ProvisionRunClass[]): Record<(typeof MONEY)[number], string> & { loans: number } {
  const out = { loans: rows.reduce((n, r) => n + r.loans, 0) } as Record<(typeof MONEY)[number], string> & {
    loans: number;
  };
  for (const k of MONEY) out[k] = fromCents(rows.reduce((c, r) => c + toCents(r[k]), 0n));
  return out;
}

/**
 * A run's figures by class, one table per currency, as the BSL provisioning table reads: the
 * principal on the date, the collateral after haircut, the class's rate, the provision required,
 * what the loans held and the change the posting makes (a negative change is a release).
 */
export function ProvisionClasses({ classes }: { classes: ProvisionRunClass[] }) {
  const currencies = [...new Set(classes.map((c) => c.currency))];
  if (currencies.length === 0)
    return <p className="text-muted-foreground text-sm">No loan was in the book on this date.</p>;
  return (
    <>
      {currencies.map((cur) => {
        const rows = classes.filter((c) => c.currency === cur);
        const t = total(rows);
        return (
          <Table key={cur}>
            <TableCaption>Provision by class, {cur}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Class</TableHead>
                <TableHead align="right">Loans</TableHead>
                <TableHead align="right">Principal</TableHead>
                <TableHead align="right">Collateral after haircut</TableHead>
                <TableHead align="right">Rate %</TableHead>
                <TableHead align="right">Required</TableHead>
                <TableHead align="right">Held</TableHead>
                <TableHead align="right">Change</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.loanClass}>
                  <TableCell>{LOAN_CLASS_LABELS[r.loanClass]}</TableCell>
                  <TableCell align="right">{r.loans}</TableCell>
                  {MONEY.slice(0, 2).map((k) => (
                    <TableCell key={k} align="right">
                      {formatAmount(r[k])}
                    </TableCell>
                  ))}
                  <TableCell align="right">{Number(r.ratePercent).toString()}</TableCell>
                  {MONEY.slice(2).map((k) => (
                    <TableCell key={k} align="right">
                      {formatAmount(r[k])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              <TableRow className="font-semibold">
                <TableCell>Total</TableCell>
                <TableCell align="right">{t.loans}</TableCell>
                <TableCell align="right">{formatAmount(t.principal)}</TableCell>
                <TableCell align="right">{formatAmount(t.collateral)}</TableCell>
                <TableCell />
                <TableCell align="right">{formatAmount(t.required)}</TableCell>
                <TableCell align="right">{formatAmount(t.held)}</TableCell>
                <TableCell align="right">{formatAmount(t.change)}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        );
      })}
    </>
  );
}
