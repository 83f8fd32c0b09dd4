import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { FOUR_EYES_TEXT } from '@bankmanager/contracts/approval-display';
import { requestHref } from '@/lib/sent-for-approval';

/** What a four-eyes request came to: it waits for a checker, with a link to it (products, loan products). */
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
        {FOUR_EYES_TEXT.sent}
      </h2>
      <p role="status">
        {FOUR_EYES_TEXT.sentDescription(what)}{' '}
        <Link className="underline" to={requestHref(approvalId)}>
          {FOUR_EYES_TEXT.viewRequest}
        </Link>
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
