import { ReportSchedulesRoute } from '@/features/built-reports';
import { Guarded } from './guarded';

export default function ReportSchedulesRoutePage() {
  return (
    <Guarded requiresActivation permission="reports.schedule">
      <ReportSchedulesRoute />
    </Guarded>
  );
}
