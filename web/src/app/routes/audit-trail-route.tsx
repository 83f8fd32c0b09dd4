import { AuditTrailRoute } from '@/features/audit-trail';
import { Guarded } from './guarded';

export default function AuditTrailPage() {
  return (
    <Guarded requiresActivation superusersOnly="Only superusers can read the audit trail.">
      <AuditTrailRoute />
    </Guarded>
  );
}
