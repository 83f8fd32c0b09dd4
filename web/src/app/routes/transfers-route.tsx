import { TransferRoute } from '@/features/transfers';
import { Guarded } from './guarded';

export default function TransfersPage() {
  return (
    <Guarded requiresActivation permission="transfers.create">
      <TransferRoute />
    </Guarded>
  );
}
