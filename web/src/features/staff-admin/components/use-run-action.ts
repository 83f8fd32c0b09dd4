import { STAFF_ACTION_LABELS, type StaffAction, type StaffListItem } from '@bankmanager/contracts';
import { toastSentForApproval } from '@/lib/sent-for-approval';
import { toast } from '@/lib/toast';
import { useStaffAction } from '../api/run-staff-action';
import { useReportOutcome } from './action-outcome';

/** Runs an action with a success toast and the page's outcome line, or a destructive toast carrying the server's message (403/409). */
export function useRunAction() {
  const mutation = useStaffAction();
  const report = useReportOutcome();
  const run = async (user: StaffListItem, action: StaffAction): Promise<boolean> => {
    const who = user.fullName || user.email;
    try {
      const result = await mutation.mutateAsync({ id: user.id, action });
      // A superuser grant waits for a second superuser: say so instead of "done".
      if (result.approvalId)
        toastSentForApproval(result.approvalId, `${STAFF_ACTION_LABELS[action]} for ${who}`);
      else toast({ title: `${STAFF_ACTION_LABELS[action]}: done`, description: who, variant: 'success' });
      report(user, action);
      return true;
    } catch (err) {
      toast({
        title: `${STAFF_ACTION_LABELS[action]} failed`,
        description: err instanceof Error ? err.message : 'The action failed',
        variant: 'destructive',
      });
      return false;
    }
  };
  return { run, busy: mutation.isPending };
}
