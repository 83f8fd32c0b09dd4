import { useAuth } from '@/lib/auth';
import { ActivatedDashboard, DashboardLoading } from '@/features/dashboard';
import { displayName, Guarded } from './guarded';

function Screen() {
  const { user, activation } = useAuth();
  return <ActivatedDashboard name={displayName(user)} isSuperuser={activation?.isSuperuser ?? false} />;
}

export default function DashboardRoute() {
  return (
    <Guarded requiresActivation loadingFallback={<DashboardLoading />}>
      <Screen />
    </Guarded>
  );
}
