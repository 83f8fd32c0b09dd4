import { Link, useSearchParams } from 'react-router';
import { sanctionsHitParamSchema } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { useHit } from '../api/hits';
import { HitDecisionForm } from '../components/hit-decision-form';
import { HitEvidence } from '../components/hit-evidence';
import { HitsTable } from '../components/hits-table';

/** Compliance → Sanctions Hits: the queue; `?hit=` one hit's evidence and the decision. */
export function SanctionsHitsRoute() {
  const [params] = useSearchParams();
  // A hand-edited id that is not one shows the queue rather than a refused request.
  const id = sanctionsHitParamSchema.shape.id.safeParse(params.get('hit')).success ? params.get('hit') : null;
  return (
    <main className="mx-auto w-full max-w-6xl space-y-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Sanctions Hits</h1>
        {id ? (
          <Button asChild variant="outline">
            <Link to={{ search: '' }}>All hits</Link>
          </Button>
        ) : null}
      </div>
      {id ? <HitScreen id={id} /> : <HitsTable />}
    </main>
  );
}

function HitScreen({ id }: { id: string }) {
  const hit = useHit(id);
  if (hit.isError)
    return (
      <p role="alert" className="text-destructive">
        {hit.error.message}
      </p>
    );
  if (!hit.data) return <p role="status">Loading the hit...</p>;
  return (
    <>
      <p>{`Score ${hit.data.score}: ${hit.data.matchedFields.join(', ')} matched.`}</p>
      <HitEvidence hit={hit.data} />
      <HitDecisionForm hit={hit.data} />
    </>
  );
}
