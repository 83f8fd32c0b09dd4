import { useRef, useState, type FormEvent } from 'react';
import {
  AML_ACTIVE_CASE_STATUSES,
  AML_ATTACHMENT_TEXT,
  DOCUMENT_TYPES,
  amlAttachmentUploadFormSchema,
  formatDateTime,
  type AmlAttachment,
  type AmlCaseFile,
  type AmlCaseStatus,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FileInput } from '@/components/ui/file-input';
import { Field } from '@/components/ui/form-field';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { fieldErrorsFrom, refusalText } from '@/lib/api-errors';
import { formatSize } from '@/lib/format-size';
import { usePermissions } from '@/lib/permissions';
import { downloadEvidence, useAttachEvidence } from '../api/cases';

/**
 * The case's evidence: each file with its download (every download is audited as a view of the
 * case), and, while the case is active, the filing form for `aml.cases` holders.
 */
export function CaseAttachments({ file }: { file: AmlCaseFile }) {
  const { can } = usePermissions();
  const open =
    can('aml.cases') && (AML_ACTIVE_CASE_STATUSES as readonly AmlCaseStatus[]).includes(file.status);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  return (
    <section aria-labelledby="case-evidence" className="grid gap-3">
      <h2 id="case-evidence" className="text-lg font-semibold">
        Evidence
      </h2>
      {file.attachments.length === 0 ? (
        <p>No evidence filed yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <Table aria-labelledby="case-evidence">
            <TableHeader>
              <TableRow>
                <TableHead>File</TableHead>
                <TableHead>Filed</TableHead>
                <TableHead>
                  <span className="sr-only">Download</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {file.attachments.map((a) => (
                <EvidenceRow key={a.id} attachment={a} onError={setDownloadError} />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {downloadError ? (
        <p role="alert" className="text-destructive text-sm">
          {downloadError}
        </p>
      ) : null}
      {open ? <AttachForm caseId={file.id} /> : null}
    </section>
  );
}

function EvidenceRow({
  attachment: a,
  onError,
}: {
  attachment: AmlAttachment;
  onError: (m: string | null) => void;
}) {
  return (
    <TableRow>
      <TableCell className="break-all">
        {a.fileName} ({formatSize(a.size)})
      </TableCell>
      <TableCell>
        {formatDateTime(a.uploadedAt)} by {a.uploadedBy}
      </TableCell>
      <TableCell>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Download ${a.fileName}`}
          onClick={() => {
            onError(null);
            downloadEvidence(a).catch((err: unknown) => onError(refusalText(err)));
          }}
        >
          Download
        </Button>
      </TableCell>
    </TableRow>
  );
}

function AttachForm({ caseId }: { caseId: string }) {
  const attach = useAttachEvidence(caseId);
  const [file, setFile] = useState<File | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    setDone(false);
    const parsed = amlAttachmentUploadFormSchema.safeParse({ file });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      fileRef.current?.focus();
      return;
    }
    setError(undefined);
    attach.mutate(parsed.data.file, {
      onSuccess: () => {
        setDone(true);
        setFile(undefined);
        if (fileRef.current) fileRef.current.value = '';
      },
      onError: (err) => {
        const fields = fieldErrorsFrom(err);
        if (fields.file) setError(fields.file);
        else setRefusal(refusalText(err));
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-md border p-4"
      aria-labelledby="case-attach"
    >
      <h3 id="case-attach" className="font-semibold">
        File evidence
      </h3>
      <Field id="case-evidence-file" label="File" error={error} description="PDF, PNG or JPEG, at most 5 MB.">
        <FileInput ref={fileRef} accept={DOCUMENT_TYPES.join(',')} onFile={setFile} />
      </Field>
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusal}
        </p>
      ) : null}
      {done ? <p role="status">{AML_ATTACHMENT_TEXT.uploaded}</p> : null}
      <div>
        <Button type="submit" disabled={attach.isPending}>
          {attach.isPending ? 'Filing…' : 'File the evidence'}
        </Button>
      </div>
    </form>
  );
}
