import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  returnMappingChangeSchema,
  type ReturnMappingChange,
  type ReturnTemplate,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { fieldErrorsFrom, formLevelError } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { useChangeMapping, useReturnTemplates } from '../api/returns-api';
import { Notice } from '@/components/ui/notice';

const MAPPED = new Set(['gl', 'breakdown', 'exposure']);
type Values = { glPatterns: string; reason: string };

/** "1030, 1020-%" → ['1030', '1020-%']: the patterns as the user typed them, commas or spaces between. */
const split = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The message of the patterns field, whether it is about the list or about one pattern in it. */
function patternsError(e: unknown): string | undefined {
  if (!e || typeof e !== 'object') return undefined;
  if ('message' in e && typeof e.message === 'string') return e.message;
  return Object.values(e).map(patternsError).find(Boolean);
}

/**
 * Which GL accounts a return line reads: pick the return and the line, write the new codes or
 * patterns and why; a second person who may sign returns approves it in the approvals inbox.
 */
export function MappingEditor() {
  const templates = useReturnTemplates(true);
  const change = useChangeMapping();
  const [template, setTemplate] = useState('sofp');
  const [line, setLine] = useState('');
  const form = useForm<Values, unknown, ReturnMappingChange>({
    defaultValues: { glPatterns: '', reason: '' },
    resolver: contractResolver(returnMappingChangeSchema, (v: Values) => ({
      ...v,
      glPatterns: split(v.glPatterns),
    })),
  });
  const t: ReturnTemplate | undefined = templates.data?.find((x) => x.code === template);
  const lines = t?.lines.filter((l) => MAPPED.has(l.kind)) ?? [];
  const chosen = lines.find((l) => l.code === line) ?? lines[0];
  const pick = (code: string) => {
    setLine(code);
    change.reset();
    const l = lines.find((x) => x.code === code);
    form.reset({ glPatterns: l?.glPatterns.join(', ') ?? '', reason: '' });
  };
  const submit = form.handleSubmit((body) => {
    if (!chosen) return;
    change.mutate(
      { template, line: chosen.code, body },
      {
        onError: (err) => {
          for (const [name, message] of Object.entries(fieldErrorsFrom(err)))
            form.setError(name.startsWith('glPatterns') ? 'glPatterns' : (name as keyof Values), {
              type: 'server',
              message,
            });
        },
      },
    );
  });
  const refusal = formLevelError(change.error);
  if (templates.isPending) return <p>Loading the return lines...</p>;
  if (templates.isError)
    return (
      <p role="alert" className="text-destructive">
        {templates.error.message}
      </p>
    );
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="mapping-title"
      className="grid gap-4 rounded-md border p-4"
    >
      <h2 id="mapping-title" className="text-xl font-semibold">
        Line mapping
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="mapping-return" label="Return" className="min-w-0">
          <Select
            className="w-full min-w-0"
            value={template}
            onChange={(e) => {
              setTemplate(e.target.value);
              setLine('');
              change.reset();
              form.reset({ glPatterns: '', reason: '' });
            }}
          >
            {templates.data.map((x) => (
              <option key={x.code} value={x.code}>
                {x.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="mapping-line" label="Line" className="min-w-0">
          <Select
            className="w-full min-w-0"
            value={chosen?.code ?? ''}
            onChange={(e) => pick(e.target.value)}
          >
            {lines.map((l) => (
              <option key={l.code} value={l.code}>
                {l.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <p className="text-sm">{`Reads now: ${chosen?.glPatterns.join(', ') || 'nothing'}`}</p>
      <FormField
        id="mapping-patterns"
        label="GL accounts (codes or patterns like 1020-%, separated by commas)"
        error={patternsError(form.formState.errors.glPatterns)}
        {...form.register('glPatterns')}
      />
      <FormField
        id="mapping-reason"
        label="Reason"
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <div>
        <Button type="submit" disabled={change.isPending || !chosen}>
          Ask to change the mapping
        </Button>
      </div>
      {change.isSuccess ? (
        <Notice tone="fine">
          Sent for approval. The line reads the new accounts once another person who may sign returns
          approves.
        </Notice>
      ) : refusal ? (
        <p role="alert" className="text-destructive">
          {refusal.message}
        </p>
      ) : null}
    </form>
  );
}
