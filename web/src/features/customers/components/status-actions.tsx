import { useState } from 'react';
import {
  actionsFrom,
  CUSTOMER_ACTION_LABELS,
  CUSTOMER_ACTIONS,
  CUSTOMER_TEXT,
  customerActionButtonLabel,
  FOUR_EYES_TEXT,
  type CustomerAction,
  type Customer360,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/permissions';
import { toastSentForApproval } from '@/lib/sent-for-approval';
import { toast } from '@/lib/toast';
import { useChangeStatus } from '../api/change-status';
import { errorText } from '../lib/server-errors';
import { ReasonDialog } from './reason-dialog';

/** The lifecycle actions the customer's status allows (and the user's permissions), each with a reason. */
export function StatusActions({ customer }: { customer: Customer360 }) {
  const { can } = usePermissions();
  const change = useChangeStatus();
  const [action, setAction] = useState<CustomerAction | null>(null);
  // A four-eyes action is requested by customer staff (customers.create) and decided by a checker in
  // the approvals inbox; the others need the rule's own permission (as the server checks).
  const actions = actionsFrom(customer.status).filter((a) =>
    can(CUSTOMER_ACTIONS[a].fourEyes ? 'customers.create' : CUSTOMER_ACTIONS[a].permission),
  );
  if (actions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((a) => (
        <Button key={a} variant={a === 'activate' ? 'default' : 'outline'} onClick={() => setAction(a)}>
          {customerActionButtonLabel(a)}
        </Button>
      ))}
      <ReasonDialog
        open={action !== null}
        title={action ? customerActionButtonLabel(action) : ''}
        description={
          action && CUSTOMER_ACTIONS[action].fourEyes
            ? 'Another member of staff approves this before it takes effect.'
            : 'The reason is kept in the audit trail.'
        }
        busy={change.isPending}
        confirmLabel={action && CUSTOMER_ACTIONS[action].fourEyes ? FOUR_EYES_TEXT.send : 'Confirm'}
        onCancel={() => setAction(null)}
        onConfirm={(reason, refused) =>
          action &&
          change.mutate(
            { id: customer.id, action, reason },
            {
              onSuccess: (r) => {
                setAction(null);
                if (r.approvalId) toastSentForApproval(r.approvalId, CUSTOMER_ACTION_LABELS[action]);
                else
                  toast({
                    title: 'Done',
                    description: `${CUSTOMER_ACTION_LABELS[action]}: done.`,
                    variant: 'success',
                  });
              },
              onError: (err) => {
                if (refused(err)) return;
                toast({
                  title: 'Refused',
                  description: errorText(err, CUSTOMER_TEXT.notFound),
                  variant: 'destructive',
                });
              },
            },
          )
        }
      />
    </div>
  );
}
