import { useLocation } from 'react-router';
import { customerKindOf } from '@/config/paths';
import { CustomerCreateRoute } from '@/features/customers';
import { Guarded } from './guarded';

export default function CustomerCreatePage() {
  const kind = customerKindOf(useLocation().pathname);
  return (
    <Guarded requiresActivation title="New customer" permission="customers.create">
      <CustomerCreateRoute key={kind} kind={kind} />
    </Guarded>
  );
}
