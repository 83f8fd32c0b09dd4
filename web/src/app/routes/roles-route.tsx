import { RolesRoute } from '@/features/roles';
import { Guarded } from './guarded';

export default function RolesPage() {
  return (
    <Guarded requiresActivation permission="roles.read">
      <RolesRoute />
    </Guarded>
  );
}
