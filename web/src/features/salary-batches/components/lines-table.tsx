import { Fragment, useState } from 'react';
import { SALARY_LINE_TEXT, formatAccountNumber, type SalaryBatch } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useUrlPage, useUrlParams } from '@/hooks/use-url-state';
import { fieldErrorsFrom, formLevelError } from '@/lib/api-errors';
import { useChangeLine } from '../api/change-line';
import { LINES_PAGE_SIZE, useLines } from '../api/lines';
import { LineEditor } from './line-editor';

/**
 * The report, line by line: what was uploaded, whose account it is, and what is wrong with it. In a
 * draft each line can be fixed in place or removed; the batch is validated again after each change.
 */
export function LinesTable({ batch }: { batch: SalaryBatch }) {
  // Which lines and the page live in the query string; without a choice there, a batch with problems
  // opens on them, and stays there once the last is fixed (to say so), rather than jumping to all lines.
  const [params, setParams] = useUrlParams();
  const shown = params.get('lines');
  const [openedOnProblems] = useState(() => batch.problem_count > 0);
  const only = shown === 'all' ? false : shown === 'problems' ? true : openedOnProblems;
  const [page, setPage] = useUrlPage();
  const [editing, setEditing] = useState<number | null>(null);
  const lines = useLines(batch.id, page, only);
  const change = useChangeLine(batch.id);
  const draft = batch.status === 'draft';
  const show = (o: boolean) => setParams({ lines: o ? 'problems' : 'all', page: null });
  const refusal = formLevelError(change.error);
  // The loan column shows only for a check-off file: most payrolls name no loan.
  const loans = lines.data?.rows.some((l) => l.loan_account !== null) ?? false;
  return (
    <section aria-labelledby="lines-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="lines-heading" className="text-lg font-semibold">
          {only ? 'Lines with a problem' : 'All lines'}
        </h2>
        <div className="flex gap-2" role="group" aria-label="Which lines">
          <Button
            size="sm"
            variant={only ? 'default' : 'outline'}
            aria-pressed={only}
            onClick={() => show(true)}
          >
            Problems only
          </Button>
          <Button
            size="sm"
            variant={only ? 'outline' : 'default'}
            aria-pressed={!only}
            onClick={() => show(false)}
          >
            All lines
          </Button>
        </div>
      </div>
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusal.message}
        </p>
      ) : null}
      {lines.isError ? (
        <p role="alert" className="text-destructive">
          {lines.error.message}
        </p>
      ) : !lines.data ? (
        <p role="status">Loading the lines...</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <Table>
              <TableCaption className="sr-only">{`Lines of batch ${batch.id}`}</TableCaption>
              <TableHeader>
                <tr>
                  <TableHead align="right">Line</TableHead>
                  <TableHead>Account</TableHead>
                  <TableHead align="right">Amount</TableHead>
                  <TableHead>Narration</TableHead>
                  {loans ? <TableHead>Loan (check-off)</TableHead> : null}
                  <TableHead>Problem</TableHead>
                  {draft ? <TableHead>Actions</TableHead> : null}
                </tr>
              </TableHeader>
              <TableBody>
                {lines.data.rows.map((l) => (
                  <Fragment key={l.line_no}>
                    <TableRow data-testid={`line-${l.line_no}`}>
                      <TableCell align="right">{l.line_no}</TableCell>
                      <TableCell>
                        {formatAccountNumber(l.account_number)}
                        {l.holder ? (
                          <span className="text-muted-foreground block text-xs">{l.holder}</span>
                        ) : null}
                      </TableCell>
                      <TableCell align="right" kind="amount">
                        {l.amount}
                      </TableCell>
                      <TableCell>{l.narration}</TableCell>
                      {loans ? (
                        <TableCell>
                          {l.loan_account ? formatAccountNumber(l.loan_account) : '—'}
                          {l.check_off !== null ? (
                            <span className="text-muted-foreground block text-xs">{`Paid ${l.check_off}`}</span>
                          ) : null}
                        </TableCell>
                      ) : null}
                      <TableCell className={l.problem ? 'text-destructive' : undefined}>
                        {l.problem
                          ? `${SALARY_LINE_TEXT[l.problem]}${l.first_line ? ` (line ${l.first_line})` : ''}`
                          : 'OK'}
                      </TableCell>
                      {draft ? (
                        <TableCell>
                          <div className="flex gap-1">
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={`Fix line ${l.line_no}`}
                              onClick={() => setEditing(l.line_no)}
                            >
                              Fix
                            </Button>
                            <Button
                              size="sm"
                              variant="ghost"
                              aria-label={`Remove line ${l.line_no}`}
                              disabled={change.isPending}
                              onClick={() => change.mutate({ lineNo: l.line_no })}
                            >
                              Remove
                            </Button>
                          </div>
                        </TableCell>
                      ) : null}
                    </TableRow>
                    {editing === l.line_no ? (
                      <TableRow>
                        <TableCell colSpan={loans ? 7 : 6}>
                          <LineEditor
                            line={l}
                            pending={change.isPending}
                            serverErrors={change.error ? fieldErrorsFrom(change.error) : {}}
                            onCancel={() => setEditing(null)}
                            onSave={(fix) =>
                              change.mutate({ lineNo: l.line_no, fix }, { onSuccess: () => setEditing(null) })
                            }
                          />
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </div>
          {lines.data.rows.length === 0 ? <p>{only ? 'No line has a problem.' : 'No lines.'}</p> : null}
          <Pagination
            page={page}
            pageSize={LINES_PAGE_SIZE}
            total={lines.data.total}
            onPage={setPage}
            busy={lines.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}
