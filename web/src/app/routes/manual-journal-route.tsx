import { ManualJournalRoute } from '@/features/general-ledger';
import { Guarded } from './guarded';

export default function ManualJournalRoutePage() {
  return (
    <Guarded requiresActivation>
      <ManualJournalRoute />
    </Guarded>
  );
}
