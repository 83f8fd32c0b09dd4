import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { BalanceSheetView } from './balance-sheet-view';
import { GlStatementView } from './gl-statement-view';
import { IncomeStatementView } from './income-statement-view';

/** Balance sheet, income statement and GL account statement, one at a time. */
export function StatementsTab({ glCode }: { glCode?: string }) {
  return (
    <section aria-labelledby="statements-title" className="grid gap-4">
      <h2 id="statements-title" className="text-xl font-semibold">
        Statements
      </h2>
      <Tabs defaultValue={glCode ? 'gl' : 'balance-sheet'} className="grid gap-4">
        <TabsList aria-label="Statements" className="flex-wrap">
          <TabsTrigger value="balance-sheet">Balance sheet</TabsTrigger>
          <TabsTrigger value="income">Income statement</TabsTrigger>
          <TabsTrigger value="gl">GL account statement</TabsTrigger>
        </TabsList>
        <TabsContent value="balance-sheet">
          <BalanceSheetView />
        </TabsContent>
        <TabsContent value="income">
          <IncomeStatementView />
        </TabsContent>
        <TabsContent value="gl">
          <GlStatementView key={glCode} initialCode={glCode} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
