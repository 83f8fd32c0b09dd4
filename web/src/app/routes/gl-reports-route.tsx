import { GlReportsRoute } from '@/features/general-ledger';
import { Guarded } from './guarded';

export default function GlReportsRoutePage() {
  return (
    <Guarded requiresActivation>
      <GlReportsRoute />
    </Guarded>
  );
}
