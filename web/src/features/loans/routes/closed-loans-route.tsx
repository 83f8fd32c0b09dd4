import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUrlParams } from '@/hooks/use-url-state';
import { Loan360 } from '../components/loan-360';
import { LoanList } from './loan-list';

/** Account → Loan → Closed Loans: the loans repaid (or, later, written off); `?id=` opens one. */
export function ClosedLoansRoute() {
  useDocumentTitle('Closed Loans');
  const [params, set] = useUrlParams();
  const id = Number(params.get('id')) || null;
  return (
    <main className="mx-auto w-full max-w-6xl space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Closed Loans</h1>
        {id ? (
          <Button type="button" variant="outline" onClick={() => set({ id: null })}>
            Back to the list
          </Button>
        ) : null}
      </div>
      {id ? <Loan360 id={id} /> : <LoanList status="Closed" caption="Closed loans" />}
    </main>
  );
}
