import { SnapshotRoute } from '@/features/enquiry-analysis';
import { Guarded } from './guarded';

export default function SnapshotViewRoutePage() {
  return (
    <Guarded requiresActivation>
      <SnapshotRoute />
    </Guarded>
  );
}
