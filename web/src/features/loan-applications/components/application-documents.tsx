import { useRef, useState, type FormEvent } from 'react';
import {
  LOAN_DOCUMENT_CLOSED,
  LOAN_DOCUMENT_KINDS,
  LOAN_DOCUMENT_LABELS,
  LOAN_DOCUMENT_TEXT,
  LOAN_DOCUMENT_TYPES,
  formatDateTime,
  loanDocumentUploadFormSchema,
  type LoanApplicationStatus,
  type LoanDocument,
  type LoanDocumentKind,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FileInput } from '@/components/ui/file-input';
import { Field } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { fieldErrorsFrom, refusalText } from '@/lib/api-errors';
import { formatSize } from '@/lib/format-size';
import { usePermissions } from '@/lib/permissions';
import {
  downloadApplicationDocument,
  useApplicationDocuments,
  useUploadApplicationDocument,
} from '../api/application-documents';

/**
 * The application's documents (payslip, employer letter, collateral papers): the list with a
 * download each, and the filing form for staff with `loans.apply` while the application is open.
 */
export function ApplicationDocuments({ id, status }: { id: number; status: LoanApplicationStatus }) {
  const docs = useApplicationDocuments(id);
  const { can } = usePermissions();
  const open = can('loans.apply') && !LOAN_DOCUMENT_CLOSED.includes(status);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  return (
    <section aria-labelledby="loan-app-documents" className="space-y-3">
      <h3 id="loan-app-documents" className="text-lg font-semibold">
        Documents
      </h3>
      {docs.isPending ? (
        <p role="status">Loading the documents…</p>
      ) : docs.isError ? (
        <p role="alert" className="text-destructive">
          {docs.error.message}
        </p>
      ) : docs.data.length === 0 ? (
        <p>No documents filed yet.</p>
      ) : (
        <Table aria-labelledby="loan-app-documents">
          <TableHeader>
            <TableRow>
              <TableHead>Document</TableHead>
              <TableHead>File</TableHead>
              <TableHead>Filed</TableHead>
              <TableHead>
                <span className="sr-only">Download</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {docs.data.map((d) => (
              <DocumentRow key={d.id} doc={d} onError={setDownloadError} />
            ))}
          </TableBody>
        </Table>
      )}
      {downloadError ? (
        <p role="alert" className="text-destructive text-sm">
          {downloadError}
        </p>
      ) : null}
      {open ? <UploadForm id={id} /> : null}
    </section>
  );
}

function DocumentRow({ doc, onError }: { doc: LoanDocument; onError: (m: string | null) => void }) {
  return (
    <TableRow>
      <TableCell>{LOAN_DOCUMENT_LABELS[doc.kind]}</TableCell>
      <TableCell className="break-all">
        {doc.fileName} ({formatSize(doc.size)})
      </TableCell>
      <TableCell>
        {formatDateTime(doc.uploadedAt)} by {doc.uploadedBy}
      </TableCell>
      <TableCell>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Download ${doc.fileName}`}
          onClick={() => {
            onError(null);
            downloadApplicationDocument(doc).catch((err: unknown) => onError(refusalText(err)));
          }}
        >
          Download
        </Button>
      </TableCell>
    </TableRow>
  );
}

function UploadForm({ id }: { id: number }) {
  const upload = useUploadApplicationDocument();
  const [kind, setKind] = useState<LoanDocumentKind | ''>('');
  const [file, setFile] = useState<File | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const kindRef = useRef<HTMLSelectElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    setDone(false);
    const parsed = loanDocumentUploadFormSchema.safeParse({ kind, file });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const i of parsed.error.issues) found[String(i.path[0])] ??= i.message;
      setErrors(found);
      (found.kind ? kindRef : fileRef).current?.focus();
      return;
    }
    setErrors({});
    upload.mutate(
      { id, ...parsed.data },
      {
        onSuccess: () => {
          setDone(true);
          setKind('');
          setFile(undefined);
          if (fileRef.current) fileRef.current.value = '';
        },
        onError: (err) => {
          const fields = fieldErrorsFrom(err);
          if (Object.keys(fields).length) setErrors(fields);
          else setRefusal(refusalText(err));
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-md border p-4"
      aria-labelledby="loan-doc-upload"
    >
      <h4 id="loan-doc-upload" className="font-semibold">
        File a document
      </h4>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="loan-doc-kind" label="Document" error={errors.kind}>
          <Select
            ref={kindRef}
            value={kind}
            onChange={(e) => setKind(e.target.value as LoanDocumentKind | '')}
          >
            <option value="">Choose…</option>
            {LOAN_DOCUMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {LOAN_DOCUMENT_LABELS[k]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="loan-doc-file"
          label="File"
          error={errors.file}
          description="PDF, PNG or JPEG, at most 5 MB."
        >
          <FileInput ref={fileRef} accept={LOAN_DOCUMENT_TYPES.join(',')} onFile={setFile} />
        </Field>
      </div>
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusal}
        </p>
      ) : null}
      {done ? <p role="status">{LOAN_DOCUMENT_TEXT.uploaded}</p> : null}
      <div>
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? 'Filing…' : 'File the document'}
        </Button>
      </div>
    </form>
  );
}
