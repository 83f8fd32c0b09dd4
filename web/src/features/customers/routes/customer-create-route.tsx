import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link } from 'react-router';
import type { CustomerCreate } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { useCreateCustomer, type CreatedCustomer } from '../api/create-customer';
import { CreateStepper } from '../components/create-stepper';
import { CreatedPanel } from '../components/created-panel';
import { DuplicateNotice } from '../components/duplicate-notice';
import { StepBody } from '../components/step-body';
import { clearDraft } from '../lib/draft';
import { KIND_TITLES, type KindRoute } from '../lib/kinds';
import { duplicateFrom, errorText, fieldErrorsFrom, type DuplicateRefusal } from '../lib/server-errors';
import { useCreateForm } from '../lib/use-create-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { setFieldErrors } from '@/lib/api-errors';

/** /customers/<kind>/new: the multi-step creation form, then the document uploads. */
export function CustomerCreateRoute({ kind }: { kind: KindRoute }) {
  useDocumentTitle(`New customer: ${KIND_TITLES[kind]}`);
  const f = useCreateForm(kind);
  const create = useCreateCustomer();
  const [created, setCreated] = useState<CreatedCustomer | null>(null);
  const [duplicate, setDuplicate] = useState<{ refusal: DuplicateRefusal; body: CustomerCreate } | null>(
    null,
  );
  const [formError, setFormError] = useState<string | null>(null);
  const last = f.step === f.steps.length - 1;

  function send(body: CustomerCreate, confirmDuplicates = false) {
    setFormError(null);
    setDuplicate(null);
    create.mutate(
      { body, confirmDuplicates },
      {
        onSuccess: (res) => {
          clearDraft(kind);
          setCreated(res);
        },
        onError: (err) => {
          const refusal = duplicateFrom(err);
          if (refusal) return setDuplicate({ refusal, body });
          const names = setFieldErrors(f.form.setError, fieldErrorsFrom(err));
          if (names.length) f.showFirstError(names);
          else setFormError(errorText(err));
        },
      },
    );
  }

  return (
    <main className="mx-auto w-full max-w-4xl space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">New customer: {KIND_TITLES[kind]}</h1>
        <Link className="text-sm underline" to={`/customers/${kind}`}>
          Back to the list
        </Link>
      </div>
      {created ? (
        <CreatedPanel
          created={created}
          onAnother={() => {
            setCreated(null);
            f.discard();
          }}
        />
      ) : (
        <FormProvider {...f.form}>
          <form
            noValidate
            className="grid gap-6"
            aria-label={`New ${KIND_TITLES[kind].toLowerCase()}`}
            onSubmit={(e) => {
              e.preventDefault();
              if (!last) return void f.next();
              void f.form.handleSubmit((body) => send(body), f.showFirstError)(e);
            }}
          >
            <CreateStepper steps={f.steps} current={f.step} />
            <h2 className="text-xl font-semibold">{f.steps[f.step]!.title}</h2>
            <StepBody family={f.family} step={f.step} />
            {duplicate ? (
              <DuplicateNotice
                refusal={duplicate.refusal}
                busy={create.isPending}
                onConfirm={() => send(duplicate.body, true)}
              />
            ) : null}
            {formError ? (
              <p role="alert" className="text-destructive">
                {formError}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-between gap-2">
              <div className="flex gap-2">
                <Button
                  type="button"
                  variant="outline"
                  disabled={f.step === 0}
                  onClick={() => f.goTo(f.step - 1)}
                >
                  Back
                </Button>
                {f.hasDraft ? (
                  <Button type="button" variant="ghost" onClick={f.discard}>
                    Discard draft
                  </Button>
                ) : null}
              </div>
              <Button type="submit" disabled={create.isPending}>
                {last ? (create.isPending ? 'Creating…' : 'Create customer') : 'Next'}
              </Button>
            </div>
          </form>
        </FormProvider>
      )}
    </main>
  );
}
