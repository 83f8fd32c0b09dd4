import { formatLongDate, holidayListQuerySchema } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useUrlList } from '@/hooks/use-url-state';
import { toast } from '@/lib/toast';
import { useHolidays } from '../api/get-holidays';
import { useRemoveHoliday } from '../api/remove-holiday';
import { AddHolidayForm } from '../components/add-holiday-form';
import { YearPicker } from '../components/year-picker';

/**
 * /system/messages/special-dates: Sierra Leone's public holidays for a year — the fixed ones set by
 * law, the movable ones entered each year — and the next business date they give.
 */
export function SpecialDatesRoute() {
  // The year lives in the query string: a reload, Back or a shared link keeps it. One the server would
  // refuse (outside 2000–2100) shows the current year.
  const { filters, patchFilters } = useUrlList(holidayListQuerySchema);
  const year = filters.year;
  const setYear = (y: number) => patchFilters({ year: y });
  const list = useHolidays(year);
  const remove = useRemoveHoliday();
  const shown = year ?? list.data?.year;
  return (
    <main className="mx-auto w-full max-w-4xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Special Dates</h1>
      {list.data ? (
        <p className="text-sm">
          Business date {formatLongDate(list.data.businessDate)}; the next business date is{' '}
          <strong>{formatLongDate(list.data.nextBusinessDate)}</strong> (weekends and holidays are skipped).
        </p>
      ) : null}
      <section aria-labelledby="add-heading" className="space-y-2 rounded-md border p-4">
        <h2 id="add-heading" className="font-semibold">
          Add a movable holiday
        </h2>
        <p className="text-muted-foreground text-sm">
          Good Friday, Easter Monday, Eid al-Fitr, Eid al-Adha and Mawlid move each year; enter them, and any
          day the Government declares (such as a holiday observed on a Monday), once announced.
        </p>
        <AddHolidayForm />
      </section>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Holidays</h2>
        {shown ? <YearPicker year={shown} onYear={setYear} /> : null}
      </div>
      {list.isError ? (
        <p role="alert" className="text-destructive">
          {list.error.message}
        </p>
      ) : null}
      <div className="overflow-x-auto">
        <Table aria-label={`Holidays of ${shown ?? ''}`}>
          <TableHeader>
            <TableRow>
              <TableHead>Date</TableHead>
              <TableHead>Holiday</TableHead>
              <TableHead>Kind</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.data?.holidays.map((h) => (
              <TableRow key={`${h.kind}-${h.id}-${h.date}`}>
                <TableCell className="whitespace-nowrap">{formatLongDate(h.date)}</TableCell>
                <TableCell>{h.name}</TableCell>
                <TableCell>
                  <Badge variant={h.kind === 'fixed' ? 'secondary' : 'outline'}>
                    {h.kind === 'fixed' ? 'Fixed by law' : 'Movable'}
                  </Badge>
                </TableCell>
                <TableCell align="right">
                  {h.kind === 'movable' && list.data && h.date >= list.data.businessDate ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={remove.isPending}
                      aria-label={`Remove ${h.name} on ${h.date}`}
                      onClick={() =>
                        remove.mutate(h.id, {
                          onError: (err) =>
                            toast({ title: 'Error', description: err.message, variant: 'destructive' }),
                        })
                      }
                    >
                      Remove
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </main>
  );
}
