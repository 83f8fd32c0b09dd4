import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { parseSalaryCsv, salaryBatchCreateSchema, type SalaryBatch } from '@bankmanager/contracts';
import { AccountNumberControl } from '@/components/accounts/account-number-field';
import { Spinner } from '@/components/feedback/spinner';
import { FileInput } from '@/components/ui/file-input';
import { Button } from '@/components/ui/button';
import { Field, FormField } from '@/components/ui/form-field';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { newClientReference } from '@/lib/client-reference';
import { contractResolver } from '@/lib/contract-resolver';
import { useUploadBatch } from '../api/upload-batch';

/**
 * A new batch: the employer's account, a narration, and the CSV (account number, amount, narration
 * per line). The file is read here to say how many lines it has; the server validates every line.
 */
const EMPTY = { employer_account: '', narration: '', csv: '' };

export function UploadForm({ onUploaded }: { onUploaded: (b: SalaryBatch) => void }) {
  // The file's text is the form's `csv` value; its name and line count are only shown.
  const [file, setFile] = useState<{ name: string; lines: number } | null>(null);
  const [reference] = useState(() => newClientReference('SAL'));
  const upload = useUploadBatch();
  const form = useForm({
    defaultValues: EMPTY,
    resolver: contractResolver(salaryBatchCreateSchema, (v: typeof EMPTY) => ({ ...v, reference })),
  });
  const errors = form.formState.errors;

  const choose = async (f: File | undefined) => {
    const text = f ? await f.text() : '';
    setFile(f ? { name: f.name, lines: parseSalaryCsv(text).length } : null);
    form.setValue('csv', text, { shouldValidate: form.formState.isSubmitted });
  };
  const submit = form.handleSubmit((body) =>
    upload.mutate(body, {
      onSuccess: onUploaded,
      onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)),
    }),
  );
  const refusal = formLevelError(upload.error);
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid gap-4 rounded-md border p-4"
      aria-labelledby="upload-heading"
    >
      <h2 id="upload-heading" className="text-lg font-semibold">
        Upload a salary file
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <AccountNumberControl
          control={form.control}
          name="employer_account"
          id="salary-employer"
          label="Employer account"
        />
        <FormField
          id="salary-narration"
          label="Narration"
          maxLength={140}
          {...form.register('narration')}
          error={errors.narration?.message}
          description="Used for the employer’s debit and for lines without their own."
        />
        <Field
          id="salary-file"
          label="Salary file (CSV: account number, amount, narration)"
          error={errors.csv?.message}
          description={
            file ? `${file.name}: ${file.lines.toLocaleString('en-US')} lines` : 'A header row is optional.'
          }
        >
          <FileInput accept=".csv,text/csv,text/plain" onFile={(file) => void choose(file)} />
        </Field>
      </div>
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusal.message}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={upload.isPending}>
          Upload and validate
        </Button>
        {upload.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm">
            <Spinner className="size-4 border-2" />
            {`Validating ${file?.lines.toLocaleString('en-US') ?? ''} lines...`}
          </p>
        ) : null}
      </div>
    </form>
  );
}
