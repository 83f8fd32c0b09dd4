import { useState } from 'react';
import {
  CURRENCIES,
  EXECUTIVE_DASHBOARD_TEXT as T,
  formatCurrency,
  type Currency,
  type ExecutiveDashboard,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { ReportSourceNote } from '@/components/reports/report-source-note';
import { trendSummary } from '@/components/charts/trend-summary';
import { branchSummary } from '@/components/charts/branch-summary';
import { BranchBars, BranchTable, branchChartHeight } from '@/components/charts/branch-bars';
import { ChartPanel } from '@/components/charts/chart-panel';
import { FigureCard } from './figure-card';
import { NplCard, NplTrend } from './npl-panel';
import { TrendChart, TrendTable } from '@/components/charts/trend-chart';

/** The dashboard's figures for one currency at a time (SLE and USD are never added together). */
export function DashboardView({ data }: { data: ExecutiveDashboard }) {
  const [currency, setCurrency] = useState<Currency>('SLE');
  const c = data.currencies.find((x) => x.currency === currency)!;
  const branches = data.depositsByBranch.filter((b) => b.currency === currency);
  const money = (v: string) => formatCurrency(v, currency);
  return (
    <div className="flex flex-col gap-6">
      <ReportSourceNote served={data.served} />
      {/* A pair of toggle buttons, not tabs: the whole page below changes, there is no one tab panel. */}
      <div role="group" aria-label="Currency" className="flex gap-2">
        {CURRENCIES.map((cur) => (
          <Button
            key={cur}
            size="sm"
            variant={cur === currency ? 'default' : 'outline'}
            aria-pressed={cur === currency}
            onClick={() => setCurrency(cur)}
          >
            {cur}
          </Button>
        ))}
      </div>
      <section aria-label="Headline figures" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FigureCard label="Total deposits" value={money(c.deposits)} />
        <FigureCard label="Total loans" value={money(c.loans)} />
        <FigureCard label="Cash in tills now" value={money(c.tillCash)} />
        <FigureCard label="Cash in vaults now" value={money(c.vaultCash)} />
        <FigureCard
          label="Liquidity ratio (SLE)"
          value={data.liquidity.percent === null ? '—' : `${data.liquidity.percent}%`}
          note={data.liquidity.note ?? `Liquid assets over short-term liabilities at ${data.liquidity.asAt}`}
        />
        <NplCard npl={data.npl} currency={currency} />
        <FigureCard label="Customers opened this month" value={String(data.customersOpenedThisMonth)} />
        <FigureCard label="Accounts opened this month" value={String(data.accountsOpenedThisMonth)} />
      </section>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ChartPanel
          title="Deposits, last 12 months"
          summary={trendSummary('Deposits', c.depositsTrend, currency)}
          chart={<TrendChart points={c.depositsTrend} />}
          table={
            <TrendTable caption="Deposits, last 12 months" points={c.depositsTrend} currency={currency} />
          }
        />
        <ChartPanel
          title="Loans, last 12 months"
          summary={trendSummary('Loans', c.loansTrend, currency)}
          chart={<TrendChart points={c.loansTrend} />}
          table={<TrendTable caption="Loans, last 12 months" points={c.loansTrend} currency={currency} />}
        />
        <NplTrend npl={data.npl} currency={currency} />
      </div>
      <ChartPanel
        title="Deposits by branch"
        summary={branchSummary(branches, currency)}
        chart={<BranchBars rows={branches} />}
        height={branchChartHeight(branches.length)}
        table={<BranchTable rows={branches} currency={currency} />}
      />
      {data.aggregatedThrough === null ? (
        <p className="text-muted-foreground text-sm">{T.noHistory}</p>
      ) : null}
    </div>
  );
}
