import { useState } from 'react';
import { Link } from 'react-router';
import { AUDIT_PAGE_SIZE, auditFiltersSchema } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { useUrlList } from '@/hooks/use-url-state';
import { toast } from '@/lib/toast';
import { exportAudit } from '../api/export-audit';
import { useAudit } from '../api/get-audit';
import { useVerifyAudit } from '../api/verify-audit';
import { AuditDetailDialog } from '../components/audit-detail-dialog';
import { AuditFiltersForm } from '../components/audit-filters-form';
import { AuditTable } from '../components/audit-table';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /security/audit: filtered, paged audit rows; details, CSV export and the chain check.
 * Superusers only: the route guard (app/routes/audit-trail-route.tsx) keeps everyone else out.
 */
export function AuditTrailRoute() {
  useDocumentTitle('Audit Trail');
  // Filters and page live in the query string: a reload or a shared link restores them (B.8).
  const { filters, page, setFilters, setPage } = useUrlList(auditFiltersSchema);
  const [openId, setOpenId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const audit = useAudit(filters, page);
  const verify = useVerifyAudit();

  const onExport = async () => {
    setExporting(true);
    try {
      await exportAudit(filters);
    } catch (err) {
      toast({
        title: 'Export failed',
        description: err instanceof Error ? err.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  };
  const v = verify.data;

  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-5 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Audit Trail</h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={exporting} onClick={() => void onExport()}>
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
          <Button variant="outline" disabled={verify.isPending} onClick={() => verify.mutate()}>
            {verify.isPending ? 'Verifying...' : 'Verify integrity'}
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.securityUsers}>Staff users</Link>
          </Button>
        </div>
      </div>
      <div role="status" aria-live="polite">
        {v ? (
          <p
            className={
              v.ok ? 'font-medium text-green-700 dark:text-green-400' : 'text-destructive font-medium'
            }
          >
            {v.ok ? `Audit chain intact (${v.rows} rows)` : `Audit chain broken at row ${v.firstBrokenId}`}
          </p>
        ) : verify.isError ? (
          <p className="text-destructive">{verify.error.message}</p>
        ) : null}
      </div>
      <AuditFiltersForm key={JSON.stringify(filters)} initial={filters} onApply={setFilters} />
      {audit.isPending ? (
        <p>Loading audit trail...</p>
      ) : audit.isError ? (
        <p role="alert" className="border-destructive text-destructive rounded-md border p-3">
          {audit.error.message}
        </p>
      ) : audit.data.rows.length === 0 ? (
        <p className="text-muted-foreground">No audit rows match.</p>
      ) : (
        <>
          <AuditTable rows={audit.data.rows} onOpen={setOpenId} />
          <Pagination
            page={page}
            pageSize={AUDIT_PAGE_SIZE}
            total={audit.data.total}
            onPage={setPage}
            busy={audit.isPlaceholderData}
          />
        </>
      )}
      {openId !== null ? (
        <AuditDetailDialog key={openId} id={openId} onClose={() => setOpenId(null)} />
      ) : null}
    </main>
  );
}
