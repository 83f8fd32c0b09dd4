import { useState } from 'react';
import { CUSTOMER_DOCUMENT_KINDS, type Customer360, type CustomerDocumentKind } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { usePermissions } from '@/lib/permissions';
import { toast } from '@/lib/toast';
import { useSetCurrentDocument } from '../api/set-current-document';
import { currentDocument } from '../lib/current-documents';
import { errorText } from '../lib/server-errors';
import { DocumentImage } from './document-image';
import { DOCUMENT_LABELS, DocumentSlot } from './document-slot';

const SIDE_BY_SIDE: CustomerDocumentKind[] = ['photo', 'signature', 'id_scan'];

/**
 * The current photo, specimen signature and ID side by side (what a teller compares), every stored
 * document with "Set as current", and an upload.
 */
export function DocumentsPanel({ customer: c }: { customer: Customer360 }) {
  const { can } = usePermissions();
  const setCurrent = useSetCurrentDocument();
  const [kind, setKind] = useState<CustomerDocumentKind>('photo');
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        {SIDE_BY_SIDE.map((k) => {
          const d = currentDocument(c.documents, k);
          return (
            <figure key={k} className="grid gap-1">
              <DocumentImage
                customerId={c.id}
                docId={d?.id ?? null}
                contentType={d?.contentType}
                alt={`${DOCUMENT_LABELS[k]} of ${c.name}`}
                className="h-48 w-full"
              />
              <figcaption className="text-sm">Current {DOCUMENT_LABELS[k].toLowerCase()}</figcaption>
            </figure>
          );
        })}
      </div>
      <section className="grid gap-2">
        <h3 className="font-semibold">All documents</h3>
        {c.documents.length === 0 ? <p>No documents yet.</p> : null}
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {c.documents.map((d) => (
            <li key={d.id} className="grid gap-2 rounded-md border p-2">
              <DocumentImage
                customerId={c.id}
                docId={d.id}
                contentType={d.contentType}
                alt={`${DOCUMENT_LABELS[d.kind]} uploaded ${d.uploadedAt.slice(0, 10)}`}
                className="h-32 w-full"
              />
              <p className="text-sm">
                {DOCUMENT_LABELS[d.kind]} · {d.uploadedAt.slice(0, 10)} · {d.uploadedBy}
                {d.current ? ' · current' : ''}
              </p>
              {!d.current && can('customers.create') ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={setCurrent.isPending}
                  onClick={() =>
                    setCurrent.mutate(
                      { id: c.id, docId: d.id },
                      {
                        onError: (e) =>
                          toast({ title: 'Error', description: errorText(e), variant: 'destructive' }),
                      },
                    )
                  }
                >
                  Set as current {DOCUMENT_LABELS[d.kind].toLowerCase()}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {can('customers.create') ? (
        <section className="grid max-w-md gap-2">
          <h3 className="font-semibold">Upload a document</h3>
          <Field id="document-kind" label="Kind of document">
            <Select value={kind} onChange={(e) => setKind(e.target.value as CustomerDocumentKind)}>
              {CUSTOMER_DOCUMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {DOCUMENT_LABELS[k]}
                </option>
              ))}
            </Select>
          </Field>
          <DocumentSlot key={kind} customerId={c.id} kind={kind} />
        </section>
      ) : null}
    </div>
  );
}
