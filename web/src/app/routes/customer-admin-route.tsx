import { CustomerAdminRoute } from '@/features/customers';
import { Guarded } from './guarded';

export default function CustomerAdminRoutePage() {
  return (
    <Guarded requiresActivation permission="customers.create">
      <CustomerAdminRoute />
    </Guarded>
  );
}
