import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MOVABLE_HOLIDAY_NAMES, holidayCreateSchema, type HolidayCreate } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { fieldErrorsFrom } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useAddHoliday } from '../api/add-holiday';
import { FormDateField } from '@/components/form/form-date-field';

/** A movable holiday (Eid, Easter, Mawlid) or a day the Government declares, on one date. */
export function AddHolidayForm() {
  const add = useAddHoliday();
  const form = useForm<HolidayCreate>({
    resolver: zodResolver(holidayCreateSchema),
    defaultValues: { date: '', name: '' },
  });
  const submit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: (h) => {
        toast({ title: 'Holiday added', description: `${h.name} on ${h.date}` });
        form.reset();
      },
      onError: (err) => {
        const fields = fieldErrorsFrom(err);
        for (const [name, message] of Object.entries(fields))
          form.setError(name as keyof HolidayCreate, { message });
        if (Object.keys(fields).length === 0) form.setError('date', { message: err.message });
      },
    }),
  );
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
      noValidate
    >
      <FormDateField
        control={form.control}
        name="date"
        id="holiday-date"
        label="Date"
        error={form.formState.errors.date?.message}
      />
      <Field id="holiday-name" label="Name" error={form.formState.errors.name?.message}>
        <Input list="movable-holidays" placeholder="e.g. Eid al-Fitr" {...form.register('name')} />
      </Field>
      <datalist id="movable-holidays">
        {MOVABLE_HOLIDAY_NAMES.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add holiday'}
      </Button>
    </form>
  );
}
