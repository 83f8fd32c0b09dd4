import { useAuth } from '@/lib/auth';
import { DashboardLoading, PendingDashboard } from '@/features/dashboard';
import { displayName, Guarded } from './guarded';

function Screen() {
  const { user } = useAuth();
  return <PendingDashboard name={displayName(user)} />;
}

export default function NewUserDashboardRoute() {
  return (
    <Guarded requiresActivation={false} loadingFallback={<DashboardLoading />}>
      <Screen />
    </Guarded>
  );
}
