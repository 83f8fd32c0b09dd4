import { RegulatoryReturnsRoute } from '@/features/bsl-returns';
import { Guarded } from './guarded';

export default function RegulatoryReturnsRoutePage() {
  return (
    <Guarded requiresActivation>
      <RegulatoryReturnsRoute />
    </Guarded>
  );
}
