import { ExecutiveDashboardRoute } from '@/features/executive-dashboard';
import { Guarded } from './guarded';

export default function ExecutiveDashboardRoutePage() {
  return (
    <Guarded requiresActivation>
      <ExecutiveDashboardRoute />
    </Guarded>
  );
}
