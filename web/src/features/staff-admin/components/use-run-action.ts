import { STAFF_ACTION_LABELS, type StaffAction, type StaffListItem } from '@bankmanager/contracts';
import { toast } from '@/lib/toast';
import { useStaffAction } from '../api/run-staff-action';

/** Runs an action with a success toast, or a destructive toast carrying the server's message (403/409). */
export function useRunAction() {
  const mutation = useStaffAction();
  const run = async (user: StaffListItem, action: StaffAction): Promise<boolean> => {
    const who = user.fullName || user.email;
    try {
      await mutation.mutateAsync({ id: user.id, action });
      toast({ title: `${STAFF_ACTION_LABELS[action]}: done`, description: who, variant: 'success' });
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
