import { AmlRulesRoute } from '@/features/aml';
import { Guarded } from './guarded';

/** Compliance → Rules, for holders of aml.alerts only (nobody else learns a customer is watched). */
export default function AmlRulesPage() {
  return (
    <Guarded requiresActivation permission="aml.alerts">
      <AmlRulesRoute />
    </Guarded>
  );
}
