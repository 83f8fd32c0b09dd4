import { formatCount } from '@bankmanager/contracts/format';
import type { DashboardStats } from '@bankmanager/contracts/dashboard';
import { Info } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Tooltip } from '@/components/ui/tooltip';
import { FIGURES_SCOPE_TEXT } from '@/lib/branch';
import { formatCurrency } from '@bankmanager/contracts/format';
import { paths } from '@/config/paths';
import { usePermissions } from '@/lib/permissions';
import { useActiveLoans } from '../api/get-active-loans';

function Stat({
  label,
  children,
  extra,
}: {
  label: string;
  children: React.ReactNode;
  extra?: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <h3 className="text-muted-foreground text-sm font-medium">{label}</h3>
        {extra}
      </CardHeader>
      <CardContent className="text-2xl font-bold">{children}</CardContent>
    </Card>
  );
}

export function StatCards({ stats }: { stats: DashboardStats }) {
  return (
    <>
      {/* The branch selector does not change these: said plainly, so nobody takes them for the branch. */}
      <p id="key-figures-scope" className="text-muted-foreground text-sm">
        {FIGURES_SCOPE_TEXT}
      </p>
      <section
        aria-labelledby="key-figures"
        aria-describedby="key-figures-scope"
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
      >
        <h2 id="key-figures" className="sr-only">
          Key figures
        </h2>
        <Stat label="Total Customers">{formatCount(stats.totalCustomers)}</Stat>
        <ActiveLoans fallback={stats.activeLoans} />
        <Stat label="Total Deposits">
          {stats.totalDeposits.length === 0 ? (
            '—'
          ) : (
            <ul className="space-y-1">
              {stats.totalDeposits.map((d) => (
                <li key={d.currency} className="text-xl">
                  {formatCurrency(d.amount, d.currency)}
                </li>
              ))}
            </ul>
          )}
        </Stat>
        <Stat
          label="Compliance Score"
          extra={
            <Tooltip
              trigger={
                <button
                  type="button"
                  aria-label="How the compliance score is computed"
                  className="text-muted-foreground hover:text-foreground focus-visible:ring-ring rounded-full outline-none focus-visible:ring-2"
                >
                  <Info aria-hidden className="size-4" />
                </button>
              }
            >
              {stats.complianceDefinition}
            </Tooltip>
          }
        >
          {stats.complianceScore}%
        </Stat>
      </section>
    </>
  );
}

/**
 * Active Loans: for those who may read loans, the loans of their own book (as officer) or branch, and a
 * link to that portfolio in Loan Reports; for the others, the bank-wide count of the key figures.
 */
function ActiveLoans({ fallback }: { fallback: number }) {
  const canRead = usePermissions().can('loans.read');
  const card = useActiveLoans(canRead);
  // Never the bank's figure for a moment before the caller's own: a dash while it loads.
  if (canRead && card.isPending) return <Stat label="Active Loans">—</Stat>;
  if (!canRead || !card.data) return <Stat label="Active Loans">{formatCount(fallback)}</Stat>;
  return (
    <Stat label="Active Loans">
      <Link
        to={`${paths.loanReports}?report=officer-portfolio`}
        className="focus-visible:ring-ring rounded underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:outline-none"
      >
        {formatCount(card.data.count)}
        <span className="text-muted-foreground block text-sm font-normal">{card.data.label}</span>
      </Link>
    </Stat>
  );
}
