import { GL_CLASS_LABELS, formatCurrency, type ClassTotal, type StatementRow } from '@bankmanager/contracts';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

/** Rows of a balance sheet or income statement grouped by class, each class closed by its totals. */
export function StatementTable({
  caption,
  classes,
  rows,
  totals,
  extra,
}: {
  caption: string;
  classes: readonly StatementRow['class'][];
  rows: StatementRow[];
  totals: ClassTotal[];
  extra: { label: string; currency: StatementRow['currency']; amount: string }[];
}) {
  return (
    <Table>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead kind="code">Code</TableHead>
          <TableHead>Account</TableHead>
          <TableHead>Currency</TableHead>
          <TableHead align="right">Amount</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {classes.flatMap((cls) => [
          ...rows
            .filter((r) => r.class === cls)
            .map((r) => (
              <TableRow key={`${r.code}-${r.currency}`}>
                <TableCell kind="code">{r.code}</TableCell>
                <TableCell>{r.name}</TableCell>
                <TableCell>{r.currency}</TableCell>
                <TableCell align="right" kind="amount">
                  {formatCurrency(r.amount, r.currency)}
                </TableCell>
              </TableRow>
            )),
          ...totals
            .filter((t) => t.class === cls)
            .map((t) => (
              <TableRow key={`total-${cls}-${t.currency}`} className="font-semibold">
                <TableCell />
                <TableCell>{`Total ${GL_CLASS_LABELS[cls]}`}</TableCell>
                <TableCell>{t.currency}</TableCell>
                <TableCell align="right" kind="amount">
                  {formatCurrency(t.amount, t.currency)}
                </TableCell>
              </TableRow>
            )),
        ])}
        {extra.map((e) => (
          <TableRow key={`${e.label}-${e.currency}`} className="font-semibold">
            <TableCell />
            <TableCell>{e.label}</TableCell>
            <TableCell>{e.currency}</TableCell>
            <TableCell align="right" kind="amount">
              {formatCurrency(e.amount, e.currency)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
