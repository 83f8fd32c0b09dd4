import { ApprovalsInboxRoute } from '@/features/approvals';
import { Guarded } from './guarded';

export default function ApprovalsInboxPage() {
  return (
    <Guarded requiresActivation permission="approvals.decide">
      <ApprovalsInboxRoute />
    </Guarded>
  );
}
