import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ChartTab } from '../components/chart-tab';
import { JournalTab } from '../components/journal-tab';
import { StatementsTab } from '../components/statements-tab';
import { TrialBalanceTab } from '../components/trial-balance-tab';
import { useDocumentTitle } from '@/hooks/use-document-title';

const TABS = ['chart', 'journal', 'trial-balance', 'statements'] as const;
type Tab = (typeof TABS)[number];

/**
 * /accounts/ledger: the General Ledger. The tab, the open journal entry and the GL account whose
 * statement is shown live in the URL (?tab=journal&entry=42), so each view can be linked and reloaded.
 */
export function GeneralLedgerRoute() {
  useDocumentTitle('General Ledger');
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'chart';
  const set = (next: Record<string, string | null>) =>
    setParams((p) => {
      const q = new URLSearchParams(p);
      for (const [k, v] of Object.entries(next))
        if (v === null) q.delete(k);
        else q.set(k, v);
      return q;
    });
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-5 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">General Ledger</h1>
      <Tabs value={tab} onValueChange={(v) => set({ tab: v, entry: null })} className="grid gap-5">
        <TabsList aria-label="General Ledger" className="flex-wrap">
          <TabsTrigger value="chart">Chart of accounts</TabsTrigger>
          <TabsTrigger value="journal">Journal</TabsTrigger>
          <TabsTrigger value="trial-balance">Trial balance</TabsTrigger>
          <TabsTrigger value="statements">Statements</TabsTrigger>
        </TabsList>
        <TabsContent value="chart">
          <ChartTab onStatement={(code) => set({ tab: 'statements', gl: code })} />
        </TabsContent>
        <TabsContent value="journal">
          <JournalTab openId={params.get('entry')} onOpen={(id) => set({ entry: id })} />
        </TabsContent>
        <TabsContent value="trial-balance">
          <TrialBalanceTab />
        </TabsContent>
        <TabsContent value="statements">
          <StatementsTab glCode={params.get('gl') ?? undefined} />
        </TabsContent>
      </Tabs>
    </main>
  );
}
