import {
  BUILT_REPORT_FORMAT_LABELS,
  BUILT_REPORTS_TEXT as T,
  REPORT_FREQUENCY_LABELS,
} from '@bankmanager/contracts/built-reports';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/lib/toast';
import { useSchedules, useStopSchedule } from '../api/schedules';
import { paramsText } from '../components/my-runs';
import { ScheduleForm } from '../components/schedule-form';

/** /reports/admin (Report Administration): built reports scheduled after end of day for a role. */
export function ReportSchedulesRoute() {
  useDocumentTitle(T.schedulesTitle);
  const list = useSchedules();
  const stop = useStopSchedule();
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-6 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{T.schedulesTitle}</h1>
      <ScheduleForm />
      <Table aria-label="Report schedules">
        <TableHeader>
          <TableRow>
            <TableHead>Report</TableHead>
            <TableHead>Parameters</TableHead>
            <TableHead>Output</TableHead>
            <TableHead>When</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Last run for</TableHead>
            <TableHead>Action</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(list.data ?? []).map((s) => (
            <TableRow key={s.id}>
              <TableCell>{s.title}</TableCell>
              <TableCell>{paramsText(s)}</TableCell>
              <TableCell>{BUILT_REPORT_FORMAT_LABELS[s.format]}</TableCell>
              <TableCell>{REPORT_FREQUENCY_LABELS[s.frequency]}</TableCell>
              <TableCell>{s.roleName}</TableCell>
              <TableCell kind="date">{s.lastBusinessDate ?? '—'}</TableCell>
              <TableCell>
                {s.active ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={stop.isPending}
                    onClick={() =>
                      stop.mutate(s.id, {
                        onError: (e) => toast({ title: e.message, variant: 'destructive' }),
                      })
                    }
                  >
                    Stop
                  </Button>
                ) : (
                  <Badge variant="outline">Stopped</Badge>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </main>
  );
}
