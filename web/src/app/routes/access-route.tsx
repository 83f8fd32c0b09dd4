import { AccessRoute } from '@/features/roles';
import { Guarded } from './guarded';

export default function AccessPage() {
  return (
    <Guarded requiresActivation permission="roles.read">
      <AccessRoute />
    </Guarded>
  );
}
