import { StaffUsersRoute } from '@/features/staff-admin';
import { Guarded } from './guarded';

export default function StaffUsersPage() {
  return (
    <Guarded requiresActivation permission="staff.manage">
      <StaffUsersRoute />
    </Guarded>
  );
}
