import { AmlAlertsRoute } from '@/features/aml';
import { Guarded } from './guarded';

/** Compliance → Alerts, for holders of aml.alerts only (nobody else learns a customer is watched). */
export default function AmlAlertsPage() {
  return (
    <Guarded requiresActivation permission="aml.alerts">
      <AmlAlertsRoute />
    </Guarded>
  );
}
