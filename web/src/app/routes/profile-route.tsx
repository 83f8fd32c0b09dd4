import ProfileRoute from '@/features/mfa/routes/profile';
import { Guarded } from './guarded';

/** /profile: any signed-in member of staff (pending ones too) may set up two-factor authentication. */
export default function ProfilePage() {
  return (
    <Guarded requiresActivation={false}>
      <ProfileRoute />
    </Guarded>
  );
}
