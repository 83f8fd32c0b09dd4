import { AuditTrailRoute } from '@/features/audit-trail';
import { Guarded } from './guarded';

export default function AuditTrailPage() {
  return (
    <Guarded requiresActivation permission="audit.read">
      <AuditTrailRoute />
    </Guarded>
  );
}
