import { GeneralLedgerRoute } from '@/features/general-ledger';
import { Guarded } from './guarded';

export default function GeneralLedgerRoutePage() {
  return (
    <Guarded requiresActivation>
      <GeneralLedgerRoute />
    </Guarded>
  );
}
