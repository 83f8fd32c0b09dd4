import { Customer360Route } from '@/features/customers';
import { Guarded } from './guarded';

export default function Customer360RoutePage() {
  return (
    <Guarded requiresActivation title="Customer" permission="customers.read">
      <Customer360Route />
    </Guarded>
  );
}
