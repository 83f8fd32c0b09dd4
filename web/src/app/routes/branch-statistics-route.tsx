import { BranchStatisticsRoute } from '@/features/enquiry-analysis';
import { Guarded } from './guarded';

export default function BranchStatisticsRoutePage() {
  return (
    <Guarded requiresActivation>
      <BranchStatisticsRoute />
    </Guarded>
  );
}
