import { useForm } from 'react-hook-form';
import {
  CURRENCIES,
  LIMIT_KINDS,
  LIMIT_LABELS,
  PERMISSION_DEFS,
  roleInputSchema,
  type Role,
  type RoleInput,
  type RoleLimit,
} from '@bankmanager/contracts';
import { errorAt } from '@/components/form/form-controls';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { fieldErrorsFrom, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { PERMISSION_GROUPS } from './permission-groups';

type LimitKind = (typeof LIMIT_KINDS)[number];
/** A currency's limits as typed: an empty input is no limit (a second person always looks). */
type LimitRow = { currency: RoleLimit['currency'] } & Record<LimitKind, string>;
interface Values {
  name: string;
  description: string;
  retired: boolean;
  permissions: string[];
  limits: LimitRow[];
}

const typedLimits = (currency: RoleLimit['currency'], limit?: RoleLimit): LimitRow => ({
  currency,
  ...(Object.fromEntries(LIMIT_KINDS.map((k) => [k, limit ? (limit[k]?.trim() ?? '') : '0.00'])) as Record<
    LimitKind,
    string
  >),
});

const toInput = (v: Values) => ({
  ...v,
  limits: v.limits.map((l) => ({
    currency: l.currency,
    ...Object.fromEntries(LIMIT_KINDS.map((k) => [k, l[k].trim() === '' ? null : l[k].trim()])),
  })),
});

/**
 * Create or edit a role: permissions grouped by menu area, limits per currency (blank = a second person
 * always looks). `onSubmit` gets the contract's input and `refused`, which puts a 400's details on
 * their fields and says whether it did (else the caller tells the user another way).
 */
export function RoleForm({
  role,
  busy,
  onSubmit,
}: {
  role?: Role;
  busy: boolean;
  onSubmit: (input: RoleInput, refused: (err: unknown) => boolean) => void;
}) {
  const form = useForm<Values, unknown, RoleInput>({
    defaultValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      retired: role?.retired ?? false,
      permissions: role?.permissions ?? [],
      limits: CURRENCIES.map((c) =>
        typedLimits(c, role ? role.limits.find((l) => l.currency === c) : undefined),
      ),
    },
    resolver: contractResolver(roleInputSchema, toInput),
  });
  const errors = form.formState.errors;
  const refused = (err: unknown) => setFieldErrors(form.setError, fieldErrorsFrom(err)).length > 0;
  const submit = form.handleSubmit((input) => onSubmit(input, refused));

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-4"
      aria-label={role ? `Edit role ${role.name}` : 'New role'}
    >
      <Field id="role-name" label="Name" error={errors.name?.message}>
        <Input {...form.register('name')} />
      </Field>
      <Field id="role-description" label="Description" error={errors.description?.message}>
        <Input {...form.register('description')} />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register('retired')} />
        Retired (no longer grants anything)
      </label>
      {PERMISSION_GROUPS.map((g) => (
        <fieldset key={g.area} className="rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">{g.name}</legend>
          {g.permissions.map((p) => (
            <label key={p} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={p} {...form.register('permissions')} />
              {PERMISSION_DEFS[p].label} <code className="text-muted-foreground text-xs">{p}</code>
            </label>
          ))}
        </fieldset>
      ))}
      <fieldset className="rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Limits (blank: a second person always approves)</legend>
        {CURRENCIES.map((currency, i) => (
          <div key={currency} className="grid grid-cols-2 gap-2 py-1 sm:grid-cols-4">
            {LIMIT_KINDS.map((k) => (
              <Field
                key={k}
                id={`role-limits-${i}-${k}`}
                label={`${LIMIT_LABELS[k]} (${currency === 'SLE' ? 'Le' : 'US$'})`}
                error={errorAt(errors, `limits.${i}.${k}`)}
                className="gap-1 text-xs [&_label]:text-xs [&_label]:font-normal"
              >
                <Input inputMode="decimal" {...form.register(`limits.${i}.${k}`)} />
              </Field>
            ))}
          </div>
        ))}
      </fieldset>
      {errors.permissions?.message || errors.limits?.message ? (
        <p role="alert">{errors.permissions?.message ?? errors.limits?.message}</p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? 'Sending...' : 'Send for approval'}
      </Button>
    </form>
  );
}
