import { useEffect, useState } from 'react';
import { formatDateTime } from '@bankmanager/contracts';
import { useAuth } from '@/lib/auth';

/**
 * The printed sheet's header: the bank, what the sheet is, and who printed it when —
 * a printed balance is evidence, so it carries its own provenance. Shown only on paper.
 */
export function PrintHeader() {
  const { user } = useAuth();
  const [at, setAt] = useState(() => new Date());
  useEffect(() => {
    const onPrint = () => setAt(new Date());
    window.addEventListener('beforeprint', onPrint);
    return () => window.removeEventListener('beforeprint', onPrint);
  }, []);
  const fullName = typeof user?.user_metadata?.fullName === 'string' ? user.user_metadata.fullName : '';
  return (
    <div className="hidden border-b pb-2 print:block" data-testid="print-header">
      <p className="text-lg font-semibold">BankManager — Account Details</p>
      <p className="text-sm">
        Printed by {fullName || user?.email || 'a member of staff'} at {formatDateTime(at)} (Freetown time)
      </p>
    </div>
  );
}
