import { RegulatoryReturnsRoute } from '@/features/regulatory-returns';
import { Guarded } from './guarded';

export default function RegulatoryReturnsRoutePage() {
  return (
    <Guarded requiresActivation>
      <RegulatoryReturnsRoute />
    </Guarded>
  );
}
