import { StrReportsRoute } from '@/features/aml-filing';
import { Guarded } from './guarded';

/** Compliance → STR Reports, for holders of aml.str.prepare (the MLRO's role holds it too). */
export default function StrReportsPage() {
  return (
    <Guarded requiresActivation permission="aml.str.prepare">
      <StrReportsRoute />
    </Guarded>
  );
}
