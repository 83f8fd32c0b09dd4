import { useState, type ReactNode, type RefObject } from 'react';
import { accountNumberProblem, normaliseAccountNumber } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';

/**
 * Finds an account by number. The check digits are verified here, before any request: a typo gets a
 * clear message on the field instead of a lookup. Used by the account tools and the teller's counter.
 */
export function AccountFinder({
  initial,
  onFind,
  id = 'find-account-number',
  description,
  inputRef,
}: {
  initial?: string;
  onFind: (number: string) => void;
  id?: string;
  description?: ReactNode;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const [typed, setTyped] = useState(initial ?? '');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      aria-label="Find account"
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const problem = accountNumberProblem(typed);
        setError(problem ?? undefined);
        if (!problem) onFind(normaliseAccountNumber(typed));
      }}
    >
      <FormField
        id={id}
        ref={inputRef}
        label="Account number"
        description={description}
        className="min-w-0 flex-1"
        inputMode="numeric"
        autoComplete="off"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        error={error}
      />
      <Button type="submit">Find</Button>
    </form>
  );
}
