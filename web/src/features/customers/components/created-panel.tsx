import { Link } from 'react-router';
import { customerHref } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import type { CreatedCustomer } from '../api/create-customer';
import { padId } from './customer-table';
import { DocumentSlot } from './document-slot';

/**
 * After the record is saved: its id and status, and the three verification documents. Each upload
 * stands alone, so a failed one is retried without touching the saved customer.
 */
export function CreatedPanel({ created, onAnother }: { created: CreatedCustomer; onAnother: () => void }) {
  return (
    <section className="grid gap-4" aria-labelledby="created-heading">
      <h2 id="created-heading" className="text-xl font-semibold">
        Customer {padId(created.id)} created ({created.status})
      </h2>
      <p className="text-muted-foreground text-sm">
        Add the photo, the ID scan and the specimen signature. A checker activates the customer once KYC is
        complete.
      </p>
      <div className="grid gap-3 md:grid-cols-3">
        <DocumentSlot customerId={created.id} kind="photo" />
        <DocumentSlot customerId={created.id} kind="id_scan" />
        <DocumentSlot customerId={created.id} kind="signature" />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={customerHref(created.id)}>Open the customer’s page</Link>
        </Button>
        <Button variant="outline" onClick={onAnother}>
          New customer
        </Button>
      </div>
    </section>
  );
}
