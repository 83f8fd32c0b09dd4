import { FOUR_EYES_TEXT } from '@bankmanager/contracts/approval-display';
import { paths } from '@/config/paths';
import { approvalRequestHref } from './approvals-inbox';
import { toast } from './toast';

/** The inbox opened on the request a maker just made. */
export const requestHref = (approvalId: string): string =>
  approvalRequestHref(paths.approvalsInbox, approvalId);

/**
 * Every maker's confirmation: "Sent for approval", what waits, and a link to the request in the
 * inbox (not its id, which no one reads).
 */
export function toastSentForApproval(approvalId: string, what?: string): void {
  toast({
    title: FOUR_EYES_TEXT.sent,
    description: what ? FOUR_EYES_TEXT.sentDescription(what) : undefined,
    variant: 'success',
    link: { href: requestHref(approvalId), label: FOUR_EYES_TEXT.viewRequest },
  });
}
