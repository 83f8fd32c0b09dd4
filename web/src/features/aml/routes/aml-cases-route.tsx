import { Link, useSearchParams } from 'react-router';
import { amlCaseParamSchema } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { CaseFile } from '../components/case-file';
import { CasesTable } from '../components/cases-table';

/** Compliance → Cases: the list; `?case=` one case file. */
export function AmlCasesRoute() {
  const [params] = useSearchParams();
  // A hand-edited id that is not one shows the list rather than a refused request.
  const id = amlCaseParamSchema.shape.id.safeParse(params.get('case')).success ? params.get('case') : null;
  return (
    <main className="mx-auto w-full max-w-6xl space-y-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{id ? 'Case file' : 'Cases'}</h1>
        {id ? (
          <Button asChild variant="outline">
            <Link to={{ search: '' }}>All cases</Link>
          </Button>
        ) : null}
      </div>
      {id ? <CaseFile id={id} /> : <CasesTable />}
    </main>
  );
}
