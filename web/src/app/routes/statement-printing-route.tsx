import { StatementPrintingRoute } from '@/features/statement-printing';
import { Guarded } from './guarded';

/** Reports → Statement Printing, for holders of enquiries.read (the single statement's permission). */
export default function StatementPrintingPage() {
  return (
    <Guarded requiresActivation permission="enquiries.read">
      <StatementPrintingRoute />
    </Guarded>
  );
}
