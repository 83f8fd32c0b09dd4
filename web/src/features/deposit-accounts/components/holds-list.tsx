import { formatCurrency, type Currency, type Hold } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useReleaseHold } from '../api/holds';
import { errorText } from '../lib/server-errors';

/** The account's holds: amount, reason, expiry, who placed them; active ones can be released. */
export function HoldsList({
  number,
  holds,
  currency,
  canRelease,
}: {
  number: string;
  holds: Hold[];
  currency: Currency;
  canRelease: boolean;
}) {
  const release = useReleaseHold();
  if (holds.length === 0) return <p className="text-muted-foreground text-sm">No holds on this account.</p>;
  return (
    <div className="grid gap-2 overflow-x-auto">
      <Table>
        <TableCaption className="sr-only">Holds</TableCaption>
        <TableHeader>
          <tr>
            <TableHead align="right">Amount</TableHead>
            <TableHead>Reason</TableHead>
            <TableHead>Expires</TableHead>
            <TableHead>Placed by</TableHead>
            <TableHead>Released</TableHead>
            {canRelease ? <TableHead>Action</TableHead> : null}
          </tr>
        </TableHeader>
        <TableBody>
          {holds.map((h) => (
            <TableRow key={h.id}>
              <TableCell kind="amount" align="right">
                {formatCurrency(h.amount, currency)}
              </TableCell>
              <TableCell>{h.reason}</TableCell>
              <TableCell kind="date">{h.expiresOn ?? 'Until released'}</TableCell>
              <TableCell>
                {h.placedBy} <span className="text-muted-foreground text-xs">{h.placedAt.slice(0, 16)}</span>
              </TableCell>
              <TableCell>
                {h.releasedAt ? `${h.releasedBy ?? ''} ${h.releasedAt.slice(0, 16)}` : '—'}
              </TableCell>
              {canRelease ? (
                <TableCell>
                  {h.releasedAt ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={release.isPending}
                      onClick={() => release.mutate({ number, id: h.id })}
                    >
                      Release hold of {formatCurrency(h.amount, currency)}
                    </Button>
                  )}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {release.isError ? <FieldError>{errorText(release.error)}</FieldError> : null}
    </div>
  );
}
