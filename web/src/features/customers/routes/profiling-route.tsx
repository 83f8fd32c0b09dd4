import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/permissions';
import { RiskBadge } from '../components/status-badges';
import { RiskOverrideDialog } from '../components/risk-override-dialog';
import { ToolScreen } from '../components/tool-screen';

/** /customers/profiling — the risk rating and the server's reasons; Compliance may override (four-eyes). */
export function CustomerProfilingRoute() {
  const { can } = usePermissions();
  const [open, setOpen] = useState(false);
  return (
    <ToolScreen title="Customer Profiling" intro="The risk rating of a customer and the rules that gave it.">
      {(c) => (
        <div className="grid gap-3">
          <p className="flex items-center gap-2">
            Rating: <RiskBadge risk={c.risk.rating} />
            {c.risk.overridden ? <span className="text-sm">(overridden by Compliance)</span> : null}
          </p>
          <h3 className="font-semibold">Why</h3>
          <ul className="list-disc pl-5">
            {c.risk.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          {can('customers.approve') ? (
            <div>
              <Button variant="outline" onClick={() => setOpen(true)}>
                Override the rating
              </Button>
              <RiskOverrideDialog customer={c} open={open} onClose={() => setOpen(false)} />
            </div>
          ) : null}
        </div>
      )}
    </ToolScreen>
  );
}
