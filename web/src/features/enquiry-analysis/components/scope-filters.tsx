import { BRANCHES } from '@bankmanager/contracts';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { usePermissions } from '@/lib/permissions';
import { fieldError, type Filters } from '../lib/filters';

/**
 * Branch and product. Only a user who sees every branch chooses one (the server keeps everyone else to
 * their own, and says which in the answer); the product is its code, as on the products screen.
 */
export function ScopeFilters({
  filters,
  onChange,
  product = true,
}: {
  filters: Filters;
  /** Whether the screen filters by product (Branch Statistics does not). */
  product?: boolean;
  onChange: (key: 'branch' | 'product', value: string | null) => void;
}) {
  const { can } = usePermissions();
  return (
    <>
      {can('branches.all') ? (
        <Field id="analysis-branch" label="Branch" className="w-full sm:w-64">
          <Select value={filters.branch ?? ''} onChange={(e) => onChange('branch', e.target.value || null)}>
            <option value="">All branches</option>
            {BRANCHES.map((b) => (
              <option key={b.code} value={b.code}>{`${b.code} ${b.name}`}</option>
            ))}
          </Select>
        </Field>
      ) : null}
      {product ? (
        <Field
          id="analysis-product"
          label="Product code"
          description="Empty for every product"
          error={fieldError('product', filters.product) ?? undefined}
          className="w-full sm:w-48"
        >
          <Input
            value={filters.product ?? ''}
            autoComplete="off"
            onChange={(e) => onChange('product', e.target.value.toUpperCase().trim() || null)}
          />
        </Field>
      ) : null}
    </>
  );
}
