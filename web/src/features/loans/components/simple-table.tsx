import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

/** A small captioned table for the lists of the loan 360's tabs; `empty` is said when it has no rows. */
export function SimpleTable({
  caption,
  heads,
  rows,
  empty = 'None.',
}: {
  caption: string;
  heads: string[];
  rows: string[][];
  empty?: string;
}) {
  if (rows.length === 0) return <p role="status">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableCaption>{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            {heads.map((h) => (
              <TableHead key={h}>{h}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i}>
              {r.map((c, j) => (
                <TableCell key={j}>{c}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
