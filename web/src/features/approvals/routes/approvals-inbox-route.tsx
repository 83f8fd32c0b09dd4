import {
  APPROVAL_POLICIES,
  APPROVAL_TYPES,
  approvalListQuerySchema,
  type ApprovalType,
} from '@bankmanager/contracts';
import { BRANCHES } from '@bankmanager/contracts/branches';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCaption, TableHead, TableHeader } from '@/components/ui/table';
import { useUrlList } from '@/hooks/use-url-state';
import { inboxDefaults } from '@/lib/approvals-inbox';
import { useBranch } from '@/lib/branch';
import { useLiveRefetch } from '@/lib/realtime';
import { toast } from '@/lib/toast';
import { APPROVALS_PAGE_SIZE, useApprovals, type InboxFilters } from '../api/get-approvals';
import { useDecideApproval, type DecideInput } from '../api/decide-approval';
import { ApprovalRow } from '../components/approval-row';
import { OneRequest } from '../components/one-request';
import { useDocumentTitle } from '@/hooks/use-document-title';

const inboxFiltersSchema = approvalListQuerySchema.pick({ type: true, branch: true, minAmount: true });
const HEADERS = ['Requested', 'Type', 'Subject', 'Maker', 'Branch', 'Amount', 'Diff', 'Decision'];
// min-w-0: a select is as wide as its longest option (a vault transfer's label), wider than a phone.
const selectClass = 'border-input bg-background h-9 min-w-0 max-w-full rounded-md border px-2 text-sm';

const definedOnly = (f: Partial<InboxFilters>): InboxFilters =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined));

/** The approvals inbox (ADR 0015): every pending request the user may decide, oldest first. */
export function ApprovalsInboxRoute() {
  useDocumentTitle('Approve Transactions');
  // Filters and page live in the query string: a reload or a shared link restores them (B.8).
  const url = useUrlList(inboxFiltersSchema);
  // The header's branch is the default branch filter; one in the URL wins.
  const { branch } = useBranch();
  const filters: InboxFilters = { ...inboxDefaults(branch), ...definedOnly(url.filters) };
  const { page, setPage } = url;
  // ?request=<id>: the inbox opened from a maker's "Sent for approval" link shows that request first.
  const [params] = useSearchParams();
  const requestId = params.get('request');
  // Live (docs/realtime-protocol.md): a request made, decided or withdrawn elsewhere shows without a reload.
  const poll = useLiveRefetch('approvals-inbox', [{ table: 'approval_requests' }], [['approvals']]);
  const list = useApprovals(filters, page, poll);
  const decide = useDecideApproval();
  const set = (f: Partial<InboxFilters>) => url.setFilters({ ...filters, ...f });
  const onDecide = (d: DecideInput, refused?: (err: unknown) => boolean) =>
    decide.mutate(d, {
      onSuccess: (a) => toast({ title: `Request ${a.status}.`, variant: 'success' }),
      onError: (e) => {
        if (!refused?.(e)) toast({ title: e.message, variant: 'destructive' });
      },
    });

  return (
    <main className="mx-auto w-full max-w-6xl space-y-4 p-6">
      <h1 className="text-2xl font-semibold">Approve Transactions</h1>
      {requestId ? <OneRequest id={requestId} allHref={paths.approvalsInbox} /> : null}
      <div className="flex flex-wrap gap-3">
        <label className="flex max-w-full min-w-0 items-center gap-2 text-sm">
          Type
          <select
            className={selectClass}
            value={filters.type ?? ''}
            onChange={(e) => set({ type: (e.target.value || undefined) as ApprovalType | undefined })}
          >
            <option value="">All types</option>
            {APPROVAL_TYPES.map((t) => (
              <option key={t} value={t}>
                {APPROVAL_POLICIES[t].label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex max-w-full min-w-0 items-center gap-2 text-sm">
          Branch
          <select
            className={selectClass}
            value={filters.branch ?? ''}
            onChange={(e) => set({ branch: e.target.value || undefined })}
          >
            <option value="">All branches</option>
            {BRANCHES.map((b) => (
              <option key={b.code} value={b.code}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex max-w-full min-w-0 items-center gap-2 text-sm">
          Amount at least
          <input
            className={selectClass}
            inputMode="decimal"
            value={filters.minAmount ?? ''}
            onChange={(e) =>
              set({ minAmount: /^\d+(\.\d{0,2})?$/.test(e.target.value) ? e.target.value : undefined })
            }
          />
        </label>
      </div>
      {list.isError ? <p role="alert">{list.error.message}</p> : null}
      <Table>
        <TableCaption>Pending requests you may decide, oldest first</TableCaption>
        <TableHeader>
          <tr>
            {HEADERS.map((h) => (
              <TableHead key={h}>{h}</TableHead>
            ))}
          </tr>
        </TableHeader>
        <TableBody>
          {(list.data?.rows ?? []).map((a) => (
            <ApprovalRow key={a.id} approval={a} busy={decide.isPending} onDecide={onDecide} />
          ))}
        </TableBody>
      </Table>
      {list.data && list.data.total === 0 ? <p>Nothing waiting for you.</p> : null}
      <Pagination
        page={page}
        pageSize={APPROVALS_PAGE_SIZE}
        total={list.data?.total ?? 0}
        onPage={setPage}
        busy={list.isPlaceholderData}
      />
    </main>
  );
}
