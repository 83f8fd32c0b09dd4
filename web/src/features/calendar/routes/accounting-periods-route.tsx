import { formatDateTime, formatLongDate, holidayListQuerySchema } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useUrlList } from '@/hooks/use-url-state';
import { toast } from '@/lib/toast';
import { useChangePeriod } from '../api/change-period';
import { usePeriods } from '../api/get-periods';
import { YearPicker } from '../components/year-picker';

/**
 * /system/messages/accounting-periods: a year and its months, open or closed. A period closes once
 * the business date is past it (a year after its months); nothing is then posted into it, not even
 * back-valued. Reopening is for a correction the auditors agreed.
 */
export function AccountingPeriodsRoute() {
  // The year lives in the query string: a reload, Back or a shared link keeps it. One the server would
  // refuse (outside 2000–2100) shows the current year.
  const { filters, patchFilters } = useUrlList(holidayListQuerySchema);
  const year = filters.year;
  const setYear = (y: number) => patchFilters({ year: y });
  const list = usePeriods(year);
  const change = useChangePeriod();
  const shown = year ?? list.data?.year;
  return (
    <main className="mx-auto w-full max-w-4xl space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Accounting Periods</h1>
        {shown ? <YearPicker year={shown} onYear={setYear} /> : null}
      </div>
      {list.data ? (
        <p className="text-muted-foreground text-sm">
          Business date {formatLongDate(list.data.businessDate)}.
        </p>
      ) : null}
      {list.isError ? (
        <p role="alert" className="text-destructive">
          {list.error.message}
        </p>
      ) : null}
      <div className="overflow-x-auto">
        <Table aria-label={`Accounting periods of ${shown ?? ''}`}>
          <TableHeader>
            <TableRow>
              <TableHead>Period</TableHead>
              <TableHead>From</TableHead>
              <TableHead>To</TableHead>
              <TableHead>State</TableHead>
              <TableHead>Closed by</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.data?.periods.map((p) => (
              <TableRow key={p.period} className={p.kind === 'year' ? 'font-semibold' : undefined}>
                <TableCell>{p.kind === 'year' ? `Year ${p.period}` : p.period}</TableCell>
                <TableCell className="whitespace-nowrap">{p.startsOn}</TableCell>
                <TableCell className="whitespace-nowrap">{p.endsOn}</TableCell>
                <TableCell>
                  <Badge variant={p.status === 'closed' ? 'secondary' : 'outline'}>
                    {p.status === 'closed' ? 'Closed' : 'Open'}
                  </Badge>
                </TableCell>
                <TableCell className="text-sm break-all">
                  {p.closedBy ? `${p.closedBy}${p.closedAt ? `, ${formatDateTime(p.closedAt)}` : ''}` : '—'}
                </TableCell>
                <TableCell align="right">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={change.isPending}
                    aria-label={`${p.status === 'closed' ? 'Reopen' : 'Close'} ${p.period}`}
                    onClick={() =>
                      change.mutate(
                        { period: p.period, action: p.status === 'closed' ? 'reopen' : 'close' },
                        {
                          onError: (err) =>
                            toast({ title: 'Error', description: err.message, variant: 'destructive' }),
                        },
                      )
                    }
                  >
                    {p.status === 'closed' ? 'Reopen' : 'Close'}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </main>
  );
}
