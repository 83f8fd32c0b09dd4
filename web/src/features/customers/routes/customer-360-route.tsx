import { useParams, useSearchParams } from 'react-router';
import { AlsoViewing } from '@/components/also-viewing';
import { CustomerLoans } from '@/components/lending/customer-loans';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCustomer360 } from '../api/get-customer-360';
import { AccountsTab } from '../components/accounts-tab';
import { ApprovalsTab } from '../components/approvals-tab';
import { AuditTab } from '../components/audit-tab';
import { ContactLog } from '../components/contact-log';
import { CustomerHeader } from '../components/customer-header';
import { DetailsTab } from '../components/details-tab';
import { DocumentsPanel } from '../components/documents-panel';
import { StatusActions } from '../components/status-actions';

const TABS = [
  ['details', 'Details'],
  ['accounts', 'Accounts'],
  ['documents', 'Documents'],
  ['contacts', 'Contact log'],
  ['audit', 'Audit history'],
  ['approvals', 'Pending approvals'],
] as const;

/** /customers/view/:id — everything about one customer; the open tab is in the URL (?tab=). */
export function Customer360Route() {
  const { id: raw } = useParams();
  const id = /^\d{1,12}$/.test(raw ?? '') ? Number(raw) : null;
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'details';
  const customer = useCustomer360(id);
  if (id === null)
    return (
      <Shell>
        <p role="alert">No customer with this id.</p>
      </Shell>
    );
  if (customer.isError)
    return (
      <Shell>
        <p role="alert" className="text-destructive">
          {customer.error.message}
        </p>
      </Shell>
    );
  if (!customer.data)
    return (
      <Shell>
        <p role="status">Loading the customer...</p>
      </Shell>
    );
  const c = customer.data;
  return (
    <Shell>
      <CustomerHeader customer={c} />
      <AlsoViewing topic={`customer:${c.id}`} />
      <StatusActions customer={c} />
      <Tabs value={tab} onValueChange={(t) => setParams({ tab: t }, { replace: true })}>
        <TabsList className="flex h-auto w-full flex-wrap sm:w-fit">
          {TABS.map(([v, l]) => (
            <TabsTrigger key={v} value={v}>
              {l}
              {v === 'approvals' && c.pendingApprovals.length ? ` (${c.pendingApprovals.length})` : ''}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="details" className="pt-4">
          <DetailsTab customer={c} />
        </TabsContent>
        <TabsContent value="accounts" className="pt-4">
          <AccountsTab customer={c} />
          <CustomerLoans customerId={c.id} name={c.name} />
        </TabsContent>
        <TabsContent value="documents" className="pt-4">
          <DocumentsPanel customer={c} />
        </TabsContent>
        <TabsContent value="contacts" className="pt-4">
          <ContactLog customerId={c.id} preferred={c.preferredChannel} />
        </TabsContent>
        <TabsContent value="audit" className="pt-4">
          <AuditTab customerId={c.id} />
        </TabsContent>
        <TabsContent value="approvals" className="pt-4">
          <ApprovalsTab customer={c} />
        </TabsContent>
      </Tabs>
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return <main className="mx-auto w-full max-w-7xl space-y-4 p-4 sm:p-6">{children}</main>;
}
