import type { ReactNode } from 'react';
import type { Customer360 } from '@bankmanager/contracts';
import { useCustomer360 } from '../api/get-customer-360';
import { usePickedCustomer } from '../lib/use-picked-customer';
import { CustomerPicker } from '@/components/customer/customer-picker';
import { padId } from './customer-table';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * The frame of the Customer menu's tools (contact, profiling, signatures): pick a customer, then the
 * tool's body for that customer's 360 record.
 */
export function ToolScreen({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: (c: Customer360) => ReactNode;
}) {
  useDocumentTitle(title);
  const { id, pick } = usePickedCustomer();
  const customer = useCustomer360(id);
  return (
    <main className="mx-auto w-full max-w-7xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-muted-foreground">{intro}</p>
      <div className="max-w-xl">
        <CustomerPicker label="Find a customer" pickLabel="Open" onPick={(r) => pick(r.id)} />
      </div>
      {customer.isError ? (
        <p role="alert" className="text-destructive">
          {customer.error.message}
        </p>
      ) : null}
      {id !== null && customer.isPending ? <p role="status">Loading the customer...</p> : null}
      {customer.data ? (
        <section className="grid gap-4" aria-label={`${title}: ${customer.data.name}`}>
          <h2 className="text-xl font-semibold">
            {customer.data.name}{' '}
            <span className="text-muted-foreground font-mono text-base">{padId(customer.data.id)}</span>
          </h2>
          {children(customer.data)}
        </section>
      ) : null}
    </main>
  );
}
