import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/permissions';
import { AccountList } from '../components/account-list';
import { AccountPanel } from '../components/account-panel';
import { OpenAccountForm } from '../components/open-account-form';
import { useAccountListParams } from '../lib/list-params';
import { ACCOUNT_KIND_TYPES, type ListScreen } from '../lib/screens';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** A list screen of the Account menu (managers, closed, overdraft schedule, interest, FD admin). */
export function AccountListRoute({ screen }: { screen: ListScreen }) {
  useDocumentTitle(screen.title);
  const { account, set } = useAccountListParams();
  const { can } = usePermissions();
  const [opening, setOpening] = useState(false);
  return (
    <main className="mx-auto grid w-full max-w-7xl gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{screen.title}</h1>
        {screen.canOpen && can('accounts.open') && !opening ? (
          <Button onClick={() => setOpening(true)}>Open account</Button>
        ) : null}
      </div>
      {screen.note ? <p className="text-muted-foreground text-sm">{screen.note}</p> : null}
      {opening ? (
        <OpenAccountForm type={ACCOUNT_KIND_TYPES[screen.kind]} onClose={() => setOpening(false)} />
      ) : null}
      {account ? (
        <div className="grid gap-2">
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={() => set({ account: undefined })}
          >
            Back to the list
          </Button>
          <AccountPanel number={account} holds={screen.canOpen} only={screen.canOpen ? undefined : []} />
        </div>
      ) : (
        <AccountList screen={screen} />
      )}
    </main>
  );
}
