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
import { useUrlPage } from '@/hooks/use-url-state';
import { SEGREGATION_PAGE_SIZE, useSegregation } from '../api/segregation';

/** Who holds a toxic combination of duties today (the rules: contracts' segregation.ts). */
export function SegregationSection() {
  // The page lives in the query string: a reload, Back or a shared link keeps it.
  const [page, setPage] = useUrlPage();
  const q = useSegregation(page);
  const rows = q.data?.rows ?? [];
  return (
    <section aria-labelledby="segregation-heading" className="space-y-3">
      <h2 id="segregation-heading" className="text-xl font-semibold">
        Segregation of duties
      </h2>
      {q.isError ? <p role="alert">{q.error.message}</p> : null}
      {q.isSuccess && q.data.total === 0 ? (
        <p>Nobody holds a toxic combination of duties.</p>
      ) : (
        <Table>
          <TableCaption>Staff holding duties that one person should not hold together</TableCaption>
          <TableHeader>
            <tr>
              <TableHead>Member of staff</TableHead>
              <TableHead>Roles</TableHead>
              <TableHead>Combination</TableHead>
            </tr>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.userId}>
                <TableCell>
                  {r.email}
                  {r.isSuperuser ? ' (superuser: every permission)' : ''}
                </TableCell>
                <TableCell>{r.roles.join(', ') || '—'}</TableCell>
                <TableCell>
                  <ul>
                    {r.combinations.map((c) => (
                      <li key={c.key}>
                        {c.label}: {c.first.join(', ')} with {c.second.join(', ')}
                      </li>
                    ))}
                  </ul>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {q.data && q.data.total > SEGREGATION_PAGE_SIZE ? (
        <Pagination
          page={page}
          pageSize={SEGREGATION_PAGE_SIZE}
          total={q.data.total}
          onPage={setPage}
          busy={q.isPlaceholderData}
        />
      ) : null}
    </section>
  );
}
