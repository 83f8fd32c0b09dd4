import { StatementPrintingRoute } from '@/features/bulk-statements';
import { Guarded } from './guarded';

/** Reports → Statement Printing, for holders of enquiries.read (the single statement's permission). */
export default function StatementPrintingPage() {
  return (
    <Guarded requiresActivation permission="enquiries.read">
      <StatementPrintingRoute />
    </Guarded>
  );
}
