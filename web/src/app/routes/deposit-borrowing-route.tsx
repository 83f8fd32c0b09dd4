import { DepositBorrowingRoute } from '@/features/enquiry-analysis';
import { Guarded } from './guarded';

export default function DepositBorrowingRoutePage() {
  return (
    <Guarded requiresActivation>
      <DepositBorrowingRoute />
    </Guarded>
  );
}
