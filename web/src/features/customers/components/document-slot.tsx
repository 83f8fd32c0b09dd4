import { useState } from 'react';
import type { CustomerDocumentKind } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useUploadDocument } from '../api/upload-document';
import { errorText } from '../lib/server-errors';

export const DOCUMENT_LABELS: Record<CustomerDocumentKind, string> = {
  photo: 'Photo',
  id_scan: 'ID scan',
  signature: 'Specimen signature',
  proof_of_address: 'Proof of address',
  other: 'Other document',
};

/**
 * One document to upload: pick a file, send it, and see plainly whether it arrived. A failed upload
 * keeps the file so "Retry" sends it again; the customer record is already saved either way.
 */
export function DocumentSlot({ customerId, kind }: { customerId: number; kind: CustomerDocumentKind }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadDocument();
  const label = DOCUMENT_LABELS[kind];
  const send = () => file && upload.mutate({ id: customerId, kind, file });
  return (
    <div className="grid gap-2 rounded-md border p-3">
      <Field id={`upload-${kind}`} label={label} description="An image (JPEG or PNG) or a PDF">
        <Input
          type="file"
          accept="image/*,application/pdf"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            upload.reset();
          }}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          size="sm"
          disabled={!file || upload.isPending || upload.isSuccess}
          onClick={send}
        >
          {upload.isError ? `Retry ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
        </Button>
        <span role="status" className="text-sm">
          {upload.isPending ? 'Uploading…' : upload.isSuccess ? `${label} uploaded` : ''}
        </span>
      </div>
      {upload.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {label} not uploaded: {errorText(upload.error)}. The customer is saved; retry the upload.
        </p>
      ) : null}
    </div>
  );
}
