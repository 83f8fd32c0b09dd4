import { RegisteredUsersRoute } from '@/features/mobile-banking';
import { Guarded } from './guarded';

export default function RegisteredUsersPage() {
  return (
    <Guarded requiresActivation permission="mobile_banking.read">
      <RegisteredUsersRoute />
    </Guarded>
  );
}
