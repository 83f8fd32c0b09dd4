import { SanctionsHitsRoute } from '@/features/sanctions';
import { Guarded } from './guarded';

/** Compliance → Sanctions Hits, for holders of aml.screening only (nobody else learns of a match). */
export default function SanctionsHitsPage() {
  return (
    <Guarded requiresActivation permission="aml.screening">
      <SanctionsHitsRoute />
    </Guarded>
  );
}
