import { BuiltReportsRoute } from '@/features/built-reports';
import { Guarded } from './guarded';

export default function BuiltReportsRoutePage() {
  return (
    <Guarded requiresActivation permission="reports.read">
      <BuiltReportsRoute />
    </Guarded>
  );
}
