import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
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
import { useUrlList } from '@/hooks/use-url-state';
import { useBranch } from '@/lib/branch';
import { tillQuerySchema } from '@bankmanager/contracts';
import { useTillTellers } from '../api/get-till-tellers';
import { TILLS_PAGE_SIZE, useTills } from '../api/get-tills';
import { TillForm } from '../components/till-form';

const filtersSchema = tillQuerySchema.pick({ q: true });

/**
 * Transaction → Teller → Teller Administration: the branch's till register (the header's branch, else
 * the head teller's own). Each till's code, name and assigned teller; a till is taken out of use, never
 * deleted, since its sessions keep its code.
 */
export function TillRegisterRoute() {
  const { branch } = useBranch();
  const { filters, page, setPage, patchFilters } = useUrlList(filtersSchema);
  const q = filters.q ?? '';
  const [search, setSearch] = useState(q);
  const tills = useTills({ branch, q, page });
  const tellers = useTillTellers(branch);
  // The till being changed, 'new' for the registration form, null for neither.
  const [editing, setEditing] = useState<string | null>(null);
  const editTill = tills.data?.rows.find((t) => t.id === editing);
  return (
    <main className="mx-auto grid w-full max-w-5xl gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Teller Administration</h1>
      <p className="text-muted-foreground text-sm">
        The tills of branch {branch ?? 'of your own'}: a teller opens a session only on an active till that is
        free or assigned to them.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <form
          role="search"
          aria-label="Search the tills"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            patchFilters({ q: search.trim() || undefined });
          }}
        >
          <FormField
            id="tills-search"
            label="Code or name"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Button type="submit" variant="outline">
            Search
          </Button>
        </form>
        <Button onClick={() => setEditing('new')} disabled={editing === 'new'}>
          Register a till
        </Button>
      </div>
      {editing === 'new' || editTill ? (
        <TillForm
          key={editing}
          branch={branch}
          till={editTill}
          tellers={tellers.data ?? []}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {tills.isPending ? <p role="status">Loading the tills…</p> : null}
      {tills.isError ? <p role="alert">{tills.error.message}</p> : null}
      {tills.data ? (
        <>
          <Table>
            <TableCaption>The branch’s till register</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Code</TableHead>
                <TableHead>Name</TableHead>
                <TableHead>Assigned teller</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Change</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {tills.data.rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5}>No tills registered.</TableCell>
                </TableRow>
              ) : null}
              {tills.data.rows.map((t) => (
                <TableRow key={t.id}>
                  <TableCell kind="code">{t.code}</TableCell>
                  <TableCell>{t.name}</TableCell>
                  <TableCell className="[overflow-wrap:anywhere]">
                    {t.assignedTellerName ?? 'Any teller'}
                  </TableCell>
                  <TableCell>
                    <Badge variant={t.active ? 'default' : 'outline'}>
                      {t.active ? 'active' : 'out of use'}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Change ${t.code}`}
                      onClick={() => setEditing(t.id)}
                    >
                      Change
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination page={page} pageSize={TILLS_PAGE_SIZE} total={tills.data.total} onPage={setPage} />
        </>
      ) : null}
    </main>
  );
}
