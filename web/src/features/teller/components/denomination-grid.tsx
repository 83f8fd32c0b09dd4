import {
  countTotal,
  DENOMINATIONS,
  formatCurrency,
  type Currency,
  type DenominationCounts,
} from '@bankmanager/contracts';
import { Input } from '@/components/ui/input';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

/**
 * Notes and coins counted piece by piece, with each line's value and the counted total. Enter moves
 * to the next line (the form's keys); an empty line counts zero.
 */
export function DenominationGrid({
  id,
  caption,
  currency,
  counts,
  onChange,
}: {
  id: string;
  caption: string;
  currency: Currency;
  counts: DenominationCounts;
  onChange: (counts: DenominationCounts) => void;
}) {
  const set = (code: string, text: string) => {
    const n = Number(text.replace(/\D/g, '').slice(0, 8));
    const next = { ...counts };
    if (n > 0) next[code] = n;
    else delete next[code];
    onChange(next);
  };
  return (
    <Table aria-label={caption}>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Note or coin</TableHead>
          <TableHead align="right">Pieces</TableHead>
          <TableHead align="right">Value</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {DENOMINATIONS[currency].map((d) => (
          <TableRow key={d.code}>
            <TableCell>
              <label htmlFor={`${id}-${d.code}`}>{d.label}</label>
            </TableCell>
            <TableCell align="right">
              <Input
                id={`${id}-${d.code}`}
                inputMode="numeric"
                autoComplete="off"
                className="ml-auto h-8 w-24 text-right"
                value={counts[d.code] ? String(counts[d.code]) : ''}
                onChange={(e) => set(d.code, e.target.value)}
              />
            </TableCell>
            <TableCell align="right" kind="amount">
              {formatCurrency(countTotal(currency, { [d.code]: counts[d.code] ?? 0 }), currency)}
            </TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell className="font-semibold">Counted</TableCell>
          <TableCell />
          <TableCell align="right" kind="amount" className="font-semibold" aria-live="polite">
            {formatCurrency(countTotal(currency, counts), currency)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
