import { CustomerSignaturesRoute } from '@/features/customers';
import { Guarded } from './guarded';

export default function CustomerSignaturesRoutePage() {
  return (
    <Guarded requiresActivation permission="customers.read">
      <CustomerSignaturesRoute />
    </Guarded>
  );
}
