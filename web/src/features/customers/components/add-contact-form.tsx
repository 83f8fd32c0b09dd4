import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CONTACT_CHANNELS, contactLogEntrySchema, type ContactChannel } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useAddContact } from '../api/add-contact';
import { errorText } from '../lib/server-errors';
import { OptionList } from '@/components/form/form-controls';

export const CHANNEL_LABELS: Record<ContactChannel, string> = {
  call: 'Phone call',
  visit: 'Visit',
  letter: 'Letter',
  sms: 'SMS',
  email: 'E-mail',
};
export const CHANNEL_OPTIONS = CONTACT_CHANNELS.map((c) => [c, CHANNEL_LABELS[c]] as const);

// The form edits local time (datetime-local); the contract wants an ISO instant with offset.
const formSchema = contactLogEntrySchema.extend({ at: z.string().min(1) }).transform((v) => ({
  ...v,
  at: new Date(v.at).toISOString(),
}));

const nowLocal = () =>
  new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** Logs a call, visit, letter, SMS or e-mail with the customer; the server records who logged it. */
export function AddContactForm({ customerId }: { customerId: number }) {
  const add = useAddContact();
  const { register, handleSubmit, reset, formState } = useForm<
    z.input<typeof formSchema>,
    unknown,
    z.output<typeof formSchema>
  >({
    resolver: zodResolver(formSchema),
    defaultValues: { channel: 'call', summary: '', at: nowLocal() },
  });
  const e = formState.errors;
  return (
    <form
      aria-label="Log a contact"
      className="grid gap-3 rounded-md border p-3 sm:grid-cols-3"
      onSubmit={handleSubmit((entry) =>
        add.mutate(
          { id: customerId, entry },
          { onSuccess: () => reset({ channel: 'call', summary: '', at: nowLocal() }) },
        ),
      )}
    >
      <Field id={`contact-channel-${customerId}`} label="Channel" error={e.channel?.message}>
        <Select {...register('channel')}>
          <OptionList options={CHANNEL_OPTIONS} />
        </Select>
      </Field>
      <Field id={`contact-at-${customerId}`} label="When" error={e.at?.message}>
        <Input type="datetime-local" {...register('at')} />
      </Field>
      <Field
        id={`contact-summary-${customerId}`}
        label="Summary"
        error={e.summary?.message}
        className="sm:col-span-3"
      >
        <textarea
          className="border-input bg-background min-h-16 rounded-md border p-2 text-sm"
          {...register('summary')}
        />
      </Field>
      <div className="flex items-center gap-2 sm:col-span-3">
        <Button type="submit" disabled={add.isPending}>
          Add to the log
        </Button>
        {add.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {errorText(add.error)}
          </p>
        ) : null}
      </div>
    </form>
  );
}
