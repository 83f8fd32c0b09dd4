import { useForm, type Resolver } from 'react-hook-form';
import { tillCreateSchema, tillUpdateSchema, type Till, type TillTeller } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field, FieldError, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { useCreateTill } from '../api/create-till';
import { useUpdateTill } from '../api/update-till';
import { useFormKeys } from '../lib/keyboard';
import { refusalText } from '../lib/refusal';

// Named as the request's fields, so the contract's and the server's messages land on them.
interface Values {
  code: string;
  name: string;
  /** '' in the select: for any teller of the branch. */
  assignedTellerId: string;
  active: boolean;
}

const teller = (v: Values) => v.assignedTellerId || null;
const createBody = (v: Values, branch: string | null) => ({
  code: v.code,
  name: v.name,
  assignedTellerId: teller(v),
  ...(branch ? { branch } : {}),
});
const updateBody = (v: Values) => ({ name: v.name, assignedTellerId: teller(v), active: v.active });

/**
 * A till of the register: a new one (code, name, teller) or a change to one (name, teller, in use;
 * the code stays, since sessions keep it). Checked by the route's own schema before it is sent.
 */
export function TillForm({
  branch,
  till,
  tellers,
  onDone,
}: {
  branch: string | null;
  /** The till to change; none: a new one. */
  till?: Till;
  tellers: TillTeller[];
  onDone: () => void;
}) {
  const create = useCreateTill();
  const update = useUpdateTill();
  const save = till ? update : create;
  const form = useForm<Values>({
    defaultValues: {
      code: till?.code ?? '',
      name: till?.name ?? '',
      assignedTellerId: till?.assignedTellerId ?? '',
      active: till?.active ?? true,
    },
    // The route's own schema judges the body it would get; the form keeps its own values.
    resolver: (till
      ? contractResolver(tillUpdateSchema, updateBody)
      : contractResolver(tillCreateSchema, (v: Values) =>
          createBody(v, branch),
        )) as unknown as Resolver<Values>,
  });
  const formRef = useFormKeys(onDone, true);
  const onError = (err: unknown) => setFieldErrors(form.setError, fieldErrorsFrom(err));
  const submit = form.handleSubmit((v) => {
    if (till) update.mutate({ id: till.id, ...updateBody(v) }, { onSuccess: onDone, onError });
    else create.mutate(createBody(v, branch), { onSuccess: onDone, onError });
  });
  const errors = form.formState.errors;
  const refusal = formLevelError(save.error);
  const label = till ? `Change till ${till.code}` : 'Register a till';
  return (
    <form
      ref={formRef}
      aria-label={label}
      noValidate
      className="grid gap-3 rounded-lg border p-4"
      onSubmit={(e) => void submit(e)}
    >
      <h2 className="text-lg font-semibold">{label}</h2>
      <div className="grid gap-3 sm:grid-cols-3">
        {till ? null : (
          <FormField
            id="till-register-code"
            label="Code"
            placeholder="TILL-1"
            autoComplete="off"
            {...form.register('code')}
            error={errors.code?.message}
          />
        )}
        <FormField
          id="till-register-name"
          label="Name"
          placeholder="Front counter"
          autoComplete="off"
          {...form.register('name')}
          error={errors.name?.message}
        />
        <Field id="till-register-teller" label="Assigned teller" error={errors.assignedTellerId?.message}>
          <Select {...form.register('assignedTellerId')}>
            <option value="">Any teller of the branch</option>
            {tellers.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {till ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" {...form.register('active')} />
          In use (a teller may open it)
        </label>
      ) : null}
      {refusal ? <FieldError>{refusalText(refusal)}</FieldError> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {till ? 'Save the till' : 'Register the till'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
