import { CustomerProfilingRoute } from '@/features/customers';
import { Guarded } from './guarded';

export default function CustomerProfilingRoutePage() {
  return (
    <Guarded requiresActivation permission="customers.read">
      <CustomerProfilingRoute />
    </Guarded>
  );
}
