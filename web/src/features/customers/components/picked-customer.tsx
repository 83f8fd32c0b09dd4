import type { CustomerListRow } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { CustomerPicker } from '@/components/customer/customer-picker';
import { padId } from './customer-table';

/** A customer slot in a form: the picker until one is chosen, then its name with "Change". */
export function PickedCustomer({
  label,
  value,
  onChange,
}: {
  label: string;
  value: CustomerListRow | null;
  onChange: (row: CustomerListRow | null) => void;
}) {
  if (!value) return <CustomerPicker label={label} pickLabel="Choose" onPick={onChange} />;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border p-2">
      <span className="flex-1">
        {label}: {value.name} <span className="font-mono">{padId(value.id)}</span> ({value.branch})
      </span>
      <Button type="button" size="sm" variant="outline" onClick={() => onChange(null)}>
        Change {label.toLowerCase()}
      </Button>
    </div>
  );
}
