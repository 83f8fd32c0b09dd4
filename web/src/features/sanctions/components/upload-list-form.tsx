import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  SANCTIONS_LABELS,
  SANCTIONS_SOURCES,
  sanctionsImportSchema,
  type SanctionsSource,
} from '@bankmanager/contracts';
import { Spinner } from '@/components/feedback/spinner';
import { FileInput } from '@/components/ui/file-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { useUploadList } from '../api/lists';

const EMPTY = { fileName: '', content: '' };
const ACCEPT: Record<SanctionsSource, string> = {
  un: '.xml,text/xml,application/xml',
  local: '.csv,text/csv',
};

/**
 * A new import: which list, and its file (the UN consolidated XML as published, or the domestic CSV).
 * The server parses it, counts what changed against the version in force, and asks a second officer.
 */
export function UploadListForm() {
  const [source, setSource] = useState<SanctionsSource>('un');
  const upload = useUploadList();
  const form = useForm({ defaultValues: EMPTY, resolver: contractResolver(sanctionsImportSchema) });
  const errors = form.formState.errors;
  const choose = async (f: File | undefined) => {
    form.setValue('fileName', f?.name ?? '');
    form.setValue('content', f ? await f.text() : '', { shouldValidate: form.formState.isSubmitted });
  };
  const submit = form.handleSubmit((body) =>
    upload.mutate(
      { source, body },
      { onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)) },
    ),
  );
  const refusal = formLevelError(upload.error);
  const done = upload.data;
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid gap-4 rounded-md border p-4"
      aria-labelledby="sanctions-upload-heading"
    >
      <h2 id="sanctions-upload-heading" className="text-lg font-semibold">
        Import a list
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="sanctions-source" label="List">
          <Select value={source} onChange={(e) => setSource(e.target.value as SanctionsSource)}>
            {SANCTIONS_SOURCES.map((s) => (
              <option key={s} value={s}>
                {SANCTIONS_LABELS.source[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="sanctions-file"
          label={source === 'un' ? 'List file (XML as the UN publishes it)' : 'List file (CSV)'}
          error={errors.content?.message ?? errors.fileName?.message}
          description={
            source === 'local'
              ? 'Header: reference,type,name,aliases,dates_of_birth,nationality,comments'
              : 'The consolidated list, downloaded from the Security Council’s site.'
          }
        >
          <FileInput accept={ACCEPT[source]} onFile={(file) => void choose(file)} />
        </Field>
      </div>
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusal.message}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="text-sm">
          {`Sent for approval: ${done.entries} entries — ${done.added} added, ${done.changed} changed, ${done.removed} removed. Another officer approves it in the approvals inbox.`}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={upload.isPending}>
          Upload for approval
        </Button>
        {upload.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm">
            <Spinner className="size-4 border-2" />
            Reading the list...
          </p>
        ) : null}
      </div>
    </form>
  );
}
