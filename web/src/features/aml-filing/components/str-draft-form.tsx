import { useForm, type FieldError } from 'react-hook-form';
import type { z } from 'zod';
import {
  STR_GROUNDS,
  STR_GROUND_CODES,
  formatAmount,
  formatDateTime,
  strDraftSchema,
  type StrDraft,
  type StrPrefill,
  type StrReport,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { toastSentForApproval } from '@/lib/sent-for-approval';
import { toast } from '@/lib/toast';
import { useSaveStrDraft, useSendStr } from '../api/str-reports';
import { ChoiceGroup, type Choice } from './choice-group';

type Values = z.input<typeof strDraftSchema>;

const textareaClass = 'border-input bg-background min-h-24 w-full rounded-md border p-2 text-sm';

/** The first message of a field or of any of its items (the server names `/accounts/2`). */
const firstError = (e: unknown): string | undefined => {
  if (!e) return undefined;
  if ((e as FieldError).message) return (e as FieldError).message;
  if (Array.isArray(e)) return e.map(firstError).find(Boolean);
  return undefined;
};

function startingValues(prefill: StrPrefill, draft: StrReport | null): Values {
  if (draft)
    return {
      caseId: draft.caseId,
      custId: draft.custId,
      accounts: draft.accounts,
      transactions: draft.transactions,
      grounds: draft.grounds,
      narrative: draft.narrative,
      action: draft.action,
    };
  return {
    caseId: prefill.caseId,
    custId: prefill.custId,
    accounts: prefill.suggestedAccounts,
    transactions: prefill.transactions.map((t) => t.reference),
    grounds: prefill.grounds,
    narrative: '',
    action: '',
  };
}

/** What the form offers: the case's choices, and whatever the draft already holds beyond them. */
function choicesOf(prefill: StrPrefill, draft: StrReport | null) {
  const accounts: Choice[] = prefill.accounts.map((a) => ({
    value: a.number,
    label: `${a.number} · ${a.currency} · ${a.status}`,
  }));
  const transactions: Choice[] = prefill.transactions.map((t) => ({
    value: t.reference,
    label: `${t.reference} · ${formatDateTime(t.postedAt)} · ${t.accountNumber} · ${
      t.direction === 'credit' ? 'in' : 'out'
    } ${t.currency} ${formatAmount(t.amount)}`,
    hint: t.description,
  }));
  for (const n of draft?.accounts ?? [])
    if (!accounts.some((a) => a.value === n)) accounts.push({ value: n, label: n });
  for (const r of draft?.transactions ?? [])
    if (!transactions.some((t) => t.value === r)) transactions.push({ value: r, label: r });
  return { accounts, transactions };
}

const GROUND_CHOICES: Choice[] = STR_GROUND_CODES.map((g) => ({
  value: g,
  label: `${g}: ${STR_GROUNDS[g]}`,
}));

interface Props {
  prefill: StrPrefill;
  /** The draft being edited; null for a new one. */
  draft: StrReport | null;
  onSaved: (s: StrReport) => void;
}

/**
 * An STR draft: the subject is the case's customer; the accounts, the transactions the alerts named
 * and the grounds the rules suggest come ticked; the narrative is the officer's. Checked by the
 * contracts' schema here and by the server against the books, whose field messages land on the fields.
 * "Save and send" hands it to the MLRO, who approves it in the approvals inbox (never the preparer).
 */
export function StrDraftForm({ prefill, draft, onSaved }: Props) {
  const save = useSaveStrDraft(draft?.id ?? null);
  const send = useSendStr();
  const form = useForm<Values, unknown, StrDraft>({
    defaultValues: startingValues(prefill, draft),
    resolver: contractResolver(strDraftSchema),
  });
  const errors = form.formState.errors;
  const { accounts, transactions } = choicesOf(prefill, draft);
  // Called from the buttons' handlers only: "save" keeps the draft, "send" also hands it to the MLRO.
  const saveThen = (intent: 'save' | 'send') =>
    form.handleSubmit((body) =>
      save.mutate(body, {
        onSuccess: (s) => {
          form.reset(startingValues(prefill, s));
          if (intent === 'save') {
            toast({ title: 'Draft saved', description: s.reference, variant: 'success' });
            return onSaved(s);
          }
          send.mutate(s.id, {
            onSuccess: ({ approvalId }) => {
              toastSentForApproval(approvalId, `${s.reference} for the MLRO`);
              onSaved(s);
            },
            onError: () => onSaved(s),
          });
        },
        onError: (err) => {
          const names = setFieldErrors(form.setError, fieldErrorsFrom(err));
          if (names[0]) form.setFocus(names[0]);
        },
      }),
    );
  const refusal = formLevelError(save.error ?? send.error);
  const busy = save.isPending || send.isPending;
  return (
    <form
      className="grid gap-5 rounded-md border p-4"
      aria-label={draft ? `Draft ${draft.reference}` : 'New STR draft'}
      noValidate
      onSubmit={(e) => void saveThen('save')(e)}
    >
      <p>
        <span className="text-muted-foreground text-sm">Subject: </span>
        {`${prefill.customerName} (${prefill.custId})`}
      </p>
      <ChoiceGroup
        name="accounts"
        legend="Accounts"
        register={form.register}
        choices={accounts}
        error={firstError(errors.accounts)}
        empty="The customer has no accounts."
      />
      <ChoiceGroup
        name="transactions"
        legend="Transactions"
        register={form.register}
        choices={transactions}
        error={firstError(errors.transactions)}
        empty="The case's alerts name no transactions."
      />
      <ChoiceGroup
        name="grounds"
        legend="Grounds for suspicion"
        register={form.register}
        choices={GROUND_CHOICES}
        error={firstError(errors.grounds)}
      />
      <Field
        id="str-narrative"
        label="Narrative"
        description="Why it is suspicious: the FIU reads this first (goAML's reason)."
        error={errors.narrative?.message}
      >
        <textarea className={textareaClass} rows={6} {...form.register('narrative')} />
      </Field>
      <Field
        id="str-action"
        label="Action taken"
        description="What the bank did about it (goAML's action)."
        error={errors.action?.message}
      >
        <textarea className={textareaClass} rows={3} {...form.register('action')} />
      </Field>
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusal.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="outline" disabled={busy}>
          Save draft
        </Button>
        <Button type="button" disabled={busy} onClick={() => void saveThen('send')()}>
          Save and send to the MLRO
        </Button>
      </div>
    </form>
  );
}
