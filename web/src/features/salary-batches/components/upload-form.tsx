import { useState, type FormEvent } from 'react';
import { parseSalaryCsv, salaryBatchCreateSchema, type SalaryBatch } from '@bankmanager/contracts';
import { AccountNumberField } from '@/components/accounts/account-number-field';
import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';
import { Field, FormField } from '@/components/ui/form-field';
import { fieldErrorsFrom, formLevelError, issuesByField } from '@/lib/api-errors';
import { newClientReference } from '@/lib/client-reference';
import { useUploadBatch } from '../api/upload-batch';

/**
 * A new batch: the employer's account, a narration, and the CSV (account number, amount, narration
 * per line). The file is read here to say how many lines it has; the server validates every line.
 */
export function UploadForm({ onUploaded }: { onUploaded: (b: SalaryBatch) => void }) {
  const [employer, setEmployer] = useState('');
  const [touched, setTouched] = useState(false);
  const [narration, setNarration] = useState('');
  const [file, setFile] = useState<{ name: string; text: string; lines: number } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reference] = useState(() => newClientReference('SAL'));
  const upload = useUploadBatch();

  const choose = async (f: File | undefined) => {
    if (!f) return setFile(null);
    const text = await f.text();
    setFile({ name: f.name, text, lines: parseSalaryCsv(text).length });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    const parsed = salaryBatchCreateSchema.safeParse({
      employer_account: employer,
      reference,
      narration,
      csv: file?.text ?? '',
    });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    upload.mutate(parsed.data, { onSuccess: onUploaded, onError: (err) => setErrors(fieldErrorsFrom(err)) });
  };
  const refusal = formLevelError(upload.error);
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-md border p-4"
      aria-labelledby="upload-heading"
    >
      <h2 id="upload-heading" className="text-lg font-semibold">
        Upload a salary file
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <AccountNumberField
          id="salary-employer"
          label="Employer account"
          value={employer}
          onChange={setEmployer}
          touched={touched}
          onBlur={() => setTouched(true)}
          error={errors.employer_account}
        />
        <FormField
          id="salary-narration"
          label="Narration"
          value={narration}
          maxLength={140}
          onChange={(e) => setNarration(e.target.value)}
          error={errors.narration}
          description="Used for the employer’s debit and for lines without their own."
        />
        <Field
          id="salary-file"
          label="Salary file (CSV: account number, amount, narration)"
          error={errors.csv}
          description={
            file ? `${file.name}: ${file.lines.toLocaleString('en-US')} lines` : 'A header row is optional.'
          }
        >
          <input
            type="file"
            accept=".csv,text/csv,text/plain"
            className="text-sm file:mr-3 file:rounded-md file:border file:px-3 file:py-1"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
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
