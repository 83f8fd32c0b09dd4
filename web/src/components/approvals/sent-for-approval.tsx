import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** What a four-eyes request came to: it waits for a checker, under this request id (products, loan products). */
export function SentForApproval({
  approvalId,
  what,
  onDone,
  doneLabel,
}: {
  approvalId: string;
  what: string;
  onDone: () => void;
  doneLabel: string;
}) {
  return (
    <section aria-labelledby="sent-heading" className="space-y-3 rounded-md border p-4">
      <h2 id="sent-heading" className="text-lg font-semibold">
        Sent for approval
      </h2>
      <p role="status">
        {what} is request <span className="font-mono">{approvalId}</span>. It takes effect once another person
        approves it in the approvals inbox.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={onDone}>
          {doneLabel}
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.approvalsInbox}>Open the approvals inbox</Link>
        </Button>
      </div>
    </section>
  );
}
