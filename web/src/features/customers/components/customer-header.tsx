import type { Customer360 } from '@bankmanager/contracts';
import { currentDocument } from '../lib/current-documents';
import { padId } from './customer-table';
import { DocumentImage } from './document-image';
import { KycBadge, RiskBadge, StatusBadge } from './status-badges';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { branchLabel } from '@bankmanager/contracts';

/** Who this is at a glance: photo, name, id, status, risk and KYC completeness. */
export function CustomerHeader({ customer: c }: { customer: Customer360 }) {
  const photo = currentDocument(c.documents, 'photo');
  useDocumentTitle(c.name);
  return (
    <header className="flex flex-wrap items-start gap-4">
      <DocumentImage
        customerId={c.id}
        docId={photo?.id ?? null}
        contentType={photo?.contentType}
        alt={`Photo of ${c.name}`}
        className="h-24 w-24"
      />
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold">{c.name}</h1>
        <p className="text-muted-foreground text-sm">
          Customer <span className="font-mono">{padId(c.id)}</span> · {c.type} · {branchLabel(c.branch)}
        </p>
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={c.status} />
          <RiskBadge risk={c.risk.rating} />
          <KycBadge complete={c.kyc.complete} />
        </div>
        {c.kyc.missing.length ? <p className="text-sm">KYC missing: {c.kyc.missing.join(', ')}</p> : null}
        {c.mergedInto ? <p className="text-sm">Merged into customer {padId(c.mergedInto)}</p> : null}
      </div>
    </header>
  );
}
