import { Link } from 'react-router';
import { formatDateTime } from '@bankmanager/contracts/format';
import { APPROVAL_POLICIES, FOUR_EYES_TEXT } from '@bankmanager/contracts';
import { useApprovalRequest } from '../api/get-approvals';
import { ApprovalChanges } from './approval-changes';
import { ApprovalSubject } from './approval-subject';

/**
 * The request a maker's "Sent for approval" link opens: what it is, its state and its change, readable
 * by its maker too (who may not decide it).
 */
export function OneRequest({ id, allHref }: { id: string; allHref: string }) {
  const q = useApprovalRequest(id);
  return (
    <section aria-labelledby="one-request" className="space-y-2 rounded-md border p-4">
      <h2 id="one-request" className="text-lg font-semibold">
        {FOUR_EYES_TEXT.oneRequest}
      </h2>
      {q.isError ? <p role="alert">{q.error.message}</p> : null}
      {q.data === null ? <p>{FOUR_EYES_TEXT.requestNotShown}</p> : null}
      {q.data ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Type</dt>
          <dd>{APPROVAL_POLICIES[q.data.type].label}</dd>
          <dt className="text-muted-foreground">Subject</dt>
          <dd>
            <ApprovalSubject approval={q.data} />
          </dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd>{q.data.status}</dd>
          <dt className="text-muted-foreground">Requested</dt>
          <dd>
            {formatDateTime(q.data.createdAt)} by {q.data.makerEmail}
          </dd>
          <dt className="text-muted-foreground">Change</dt>
          <dd>
            <ApprovalChanges before={q.data.before} after={q.data.after} id={q.data.id} />
          </dd>
        </dl>
      ) : null}
      <Link to={allHref} className="text-sm underline">
        {FOUR_EYES_TEXT.showAll}
      </Link>
    </section>
  );
}
