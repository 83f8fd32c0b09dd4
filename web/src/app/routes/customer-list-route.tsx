import { useLocation } from 'react-router';
import { customerKindOf } from '@/config/paths';
import { CustomerListRoute } from '@/features/customers';
import { Guarded } from './guarded';

export default function CustomerListPage() {
  const kind = customerKindOf(useLocation().pathname);
  return (
    <Guarded requiresActivation permission="customers.read">
      {/* keyed by kind: moving between lists starts with that list's own state */}
      <CustomerListRoute key={kind} kind={kind} />
    </Guarded>
  );
}
