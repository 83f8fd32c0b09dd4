import { CustomerReportsRoute } from '@/features/customers';
import { Guarded } from './guarded';

export default function CustomerReportsRoutePage() {
  return (
    <Guarded requiresActivation permission="customers.read">
      <CustomerReportsRoute />
    </Guarded>
  );
}
