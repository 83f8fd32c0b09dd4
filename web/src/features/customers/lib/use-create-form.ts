import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { customerCreateSchema, type CustomerCreate } from '@bankmanager/contracts';
import { usePermissions } from '@/lib/permissions';
import { clearDraft, loadDraft, saveDraft } from './draft';
import { errorPaths, firstErrorPath } from './first-error';
import { cleanValues, emptyValues } from './form-values';
import { familyOf, KIND_ROUTES, todayIso, type KindRoute } from './kinds';
import { STEPS, stepOf } from './steps';

/**
 * The creation form's state: react-hook-form checked by the contracts' schema for today, the current
 * step, the session draft, and "go to the first bad field" for client and server errors alike.
 */
export function useCreateForm(kind: KindRoute) {
  const type = KIND_ROUTES[kind];
  const family = familyOf(type);
  const steps = STEPS[family];
  const { me } = usePermissions();
  const empty = useMemo(() => emptyValues(type, me?.homeBranch ?? ''), [type, me?.homeBranch]);
  const [initial] = useState(() => loadDraft(kind));
  const resolver = useMemo<Resolver<FieldValues, unknown, CustomerCreate>>(() => {
    const zod = zodResolver(customerCreateSchema(todayIso())) as unknown as Resolver<
      FieldValues,
      unknown,
      CustomerCreate
    >;
    return (values, ctx, opts) => zod(cleanValues(values) as FieldValues, ctx, opts);
  }, []);
  const form = useForm<FieldValues, unknown, CustomerCreate>({
    defaultValues: initial?.values ?? empty,
    resolver,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const [step, setStep] = useState(initial?.step ?? 0);
  const [hasDraft, setHasDraft] = useState(initial !== null);

  // Every change is kept for the tab, with the step the user is on.
  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        saveDraft(kind, { step, values });
        setHasDraft(true);
      },
    });
  }, [form, kind, step]);

  // A field that shows an error is checked again as it changes: Next's check marks no field touched,
  // so "onTouched" alone left "required" under a value chosen afterwards until the field lost focus.
  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ name }) => {
        if (name && form.getFieldState(name).invalid) void form.trigger(name);
      },
    });
  }, [form]);

  function goTo(i: number, focus?: string) {
    flushSync(() => setStep(i));
    if (hasDraft) saveDraft(kind, { step: i, values: form.getValues() });
    if (focus) form.setFocus(focus);
  }

  /** Shows the step of the first bad field and puts the cursor in it. */
  function showFirstError(errors: FieldErrors | string[]) {
    const first = firstErrorPath(family, Array.isArray(errors) ? errors : errorPaths(errors));
    if (first) goTo(stepOf(family, first), first);
  }

  async function next() {
    if (await form.trigger(steps[step]!.fields, { shouldFocus: true })) goTo(step + 1);
  }

  function discard() {
    // Reset first: it notifies the watcher, which would otherwise save the draft again.
    form.reset(empty);
    clearDraft(kind);
    setHasDraft(false);
    setStep(0);
  }

  return { form, type, family, steps, step, goTo, next, discard, hasDraft, showFirstError };
}
