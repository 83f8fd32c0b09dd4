import { AmlCasesRoute } from '@/features/aml';
import { Guarded } from './guarded';

/** Compliance → Cases, for holders of aml.alerts only (nobody else learns a customer is watched). */
export default function AmlCasesPage() {
  return (
    <Guarded requiresActivation permission="aml.alerts">
      <AmlCasesRoute />
    </Guarded>
  );
}
