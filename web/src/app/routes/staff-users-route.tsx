import { StaffUsersRoute } from '@/features/staff-admin';
import { Guarded } from './guarded';

export default function StaffUsersPage() {
  return (
    <Guarded requiresActivation superusersOnly="Only superusers can manage staff.">
      <StaffUsersRoute />
    </Guarded>
  );
}
