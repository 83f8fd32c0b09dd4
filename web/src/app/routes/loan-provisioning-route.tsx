import { ProvisioningRoute } from '@/features/loan-provisioning';
import { Guarded } from './guarded';

/** Account → Loan → Provisioning, for holders of loans.provision. */
export default function LoanProvisioningPage() {
  return (
    <Guarded requiresActivation permission="loans.provision">
      <ProvisioningRoute />
    </Guarded>
  );
}
