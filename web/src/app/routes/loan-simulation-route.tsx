import { LoanSimulationRoute } from '@/features/loan-simulation';
import { Guarded } from './guarded';

/** The Account menu's permission (enquiries.read): a simulation reads nothing private and saves nothing. */
export default function LoanSimulationPage() {
  return (
    <Guarded requiresActivation permission="enquiries.read">
      <LoanSimulationRoute />
    </Guarded>
  );
}
