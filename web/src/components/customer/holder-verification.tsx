import { useApiObjectUrl } from '@/hooks/use-api-object-url';
import { useHolderDocuments } from '@/lib/holder-documents';

function Specimen({ customerId, docId, alt }: { customerId: number; docId?: string; alt: string }) {
  const { url, error } = useApiObjectUrl(
    docId ? `/customers/${customerId}/documents/${encodeURIComponent(docId)}/content` : null,
  );
  const box = 'bg-muted flex h-32 w-40 items-center justify-center rounded-md border p-2 text-center text-xs';
  if (!docId) return <div className={box}>No {alt.toLowerCase()} on file</div>;
  if (error) return <div className={box}>{error}</div>;
  if (!url) return <div className={box}>Loading…</div>;
  return <img src={url} alt={alt} className="h-32 w-40 rounded-md border object-contain" />;
}

/**
 * The holder's current photo and specimen signature, to compare with the person at the counter
 * (Account Enquiry and the teller's counter both show it).
 */
export function HolderVerification({ customerId }: { customerId?: number }) {
  const docs = useHolderDocuments(customerId);
  if (customerId === undefined) return null;
  return (
    <section aria-label="Holder verification" className="flex flex-wrap gap-4 print:hidden">
      {docs.isError ? <p className="text-sm">Photo and signature unavailable: {docs.error.message}</p> : null}
      {docs.data ? (
        <>
          <figure className="grid gap-1">
            <Specimen customerId={customerId} docId={docs.data.photo?.id} alt="Holder photo" />
            <figcaption className="text-sm">Photo</figcaption>
          </figure>
          <figure className="grid gap-1">
            <Specimen customerId={customerId} docId={docs.data.signature?.id} alt="Specimen signature" />
            <figcaption className="text-sm">Specimen signature</figcaption>
          </figure>
        </>
      ) : null}
    </section>
  );
}
