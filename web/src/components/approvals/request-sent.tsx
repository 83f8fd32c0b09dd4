import { Link } from 'react-router';
import { FOUR_EYES_TEXT } from '@bankmanager/contracts/approval-display';
import { requestHref } from '@/lib/sent-for-approval';

/**
 * A maker's confirmation on the page: "Sent for approval", what waits, and a link to the request in
 * the inbox instead of its id.
 */
export function RequestSent({ approvalId, what }: { approvalId: string; what?: string }) {
  return (
    <p role="status" className="text-sm">
      <span className="font-medium">{FOUR_EYES_TEXT.sent}.</span>{' '}
      {what ? FOUR_EYES_TEXT.sentDescription(what) : FOUR_EYES_TEXT.sentDescription('It')}{' '}
      <Link className="underline" to={requestHref(approvalId)}>
        {FOUR_EYES_TEXT.viewRequest}
      </Link>
    </p>
  );
}
