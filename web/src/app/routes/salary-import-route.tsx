import { SalaryImportRoute } from '@/features/salary-batches';
import { Guarded } from './guarded';

export default function SalaryImportPage() {
  return (
    <Guarded requiresActivation permission="payments.bulk">
      <SalaryImportRoute />
    </Guarded>
  );
}
