import { CustomerContactRoute } from '@/features/customers';
import { Guarded } from './guarded';

export default function CustomerContactRoutePage() {
  return (
    <Guarded requiresActivation permission="customers.read">
      <CustomerContactRoute />
    </Guarded>
  );
}
