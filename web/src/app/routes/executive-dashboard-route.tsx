import { ExecutiveDashboardRoute } from '@/features/exec-dashboard';
import { Guarded } from './guarded';

export default function ExecutiveDashboardRoutePage() {
  return (
    <Guarded requiresActivation>
      <ExecutiveDashboardRoute />
    </Guarded>
  );
}
