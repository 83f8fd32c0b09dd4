import { Link, useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { SEARCH_DEBOUNCE_MS, staffListQuerySchema } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { Pagination } from '@/components/ui/pagination';
import { pageFromParams, useUrlParams, useUrlSearch } from '@/hooks/use-url-state';
import { STAFF_FILTERS, STAFF_PAGE_SIZE, useStaff, type StaffFilter } from '../api/get-staff';
import { useActionOutcome } from '../components/action-outcome';
import { ReviewDialog } from '../components/review-dialog';
import { StaffTable } from '../components/staff-table';
import { useDocumentTitle } from '@/hooks/use-document-title';

const FILTER_LABEL: Record<StaffFilter, string> = {
  all: 'All',
  pending: 'Pending',
  active: 'Active',
  superusers: 'Superusers',
  banned: 'Banned',
};

/**
 * /security/users: staff list, filters and actions; ?review=<id> opens the approval dialog.
 * Superusers only: the route guard (app/routes/staff-users-route.tsx) keeps everyone else out.
 */
export function StaffUsersRoute() {
  useDocumentTitle('Staff Users');
  const [params, setParams] = useSearchParams();
  const review = params.get('review');
  // Search, filter and page live in the query string: a reload or a shared link restores them (B.8).
  const search = useUrlSearch('q', SEARCH_DEBOUNCE_MS, staffListQuerySchema.shape.q);
  const q = search.term;
  const [, setList] = useUrlParams();
  const filter = STAFF_FILTERS.find((f) => f === params.get('filter')) ?? 'all';
  const page = pageFromParams(params);
  const setPage = (p: number) => setList({ page: p > 0 ? p + 1 : null });
  const staff = useStaff({ q, filter, page });
  const outcome = useActionOutcome();

  const closeReview = () =>
    setParams(
      (p) => {
        p.delete('review');
        return p;
      },
      { replace: true },
    );

  return (
    <outcome.Provider value={outcome.report}>
      <main className="mx-auto flex w-full max-w-7xl flex-col gap-5 p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold">Staff Users</h1>
          <div className="flex gap-2">
            <Button asChild variant="outline">
              <Link to={paths.securityAudit}>Audit trail</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.dashboard}>Back to Dashboard</Link>
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <div className="relative w-full max-w-sm">
            <Search
              aria-hidden
              className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2"
            />
            <Input
              type="search"
              aria-label="Search staff"
              placeholder="Search by name, email or mobile..."
              className="pl-9"
              value={search.text}
              onChange={(e) => search.onChange(e.target.value)}
            />
          </div>
          <div role="group" aria-label="Filter staff" className="flex flex-wrap gap-1">
            {STAFF_FILTERS.map((f) => (
              <Button
                key={f}
                size="sm"
                variant={filter === f ? 'default' : 'outline'}
                aria-pressed={filter === f}
                onClick={() => setList({ filter: f === 'all' ? null : f, page: null })}
              >
                {FILTER_LABEL[f]}
              </Button>
            ))}
          </div>
        </div>
        {outcome.line}
        {staff.isPending ? (
          <p>Loading staff...</p>
        ) : staff.isError ? (
          <p role="alert" className="border-destructive text-destructive rounded-md border p-3">
            {staff.error.message}
          </p>
        ) : staff.data.rows.length === 0 ? (
          <p className="text-muted-foreground">{q ? `No staff found for "${q}"` : 'No staff users found.'}</p>
        ) : (
          <>
            <StaffTable rows={staff.data.rows} />
            <Pagination
              page={page}
              pageSize={STAFF_PAGE_SIZE}
              total={staff.data.total}
              onPage={setPage}
              busy={staff.isPlaceholderData}
            />
          </>
        )}
        {review ? <ReviewDialog key={review} userId={review} onClose={closeReview} /> : null}
      </main>
    </outcome.Provider>
  );
}
