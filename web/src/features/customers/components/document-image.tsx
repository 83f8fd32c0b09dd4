import { useDocumentContent } from '../api/document-content';

/**
 * A stored document shown for verification: images inline, PDFs as a link (both through a blob URL,
 * since the file needs the user's token). `alt` says whose and what it is.
 */
export function DocumentImage({
  customerId,
  docId,
  contentType,
  alt,
  className,
}: {
  customerId: number;
  docId: string | null;
  contentType?: string;
  alt: string;
  className?: string;
}) {
  const { url, error } = useDocumentContent(customerId, docId);
  const box = `bg-muted flex items-center justify-center rounded-md border text-center text-xs ${className ?? 'h-32 w-32'}`;
  if (!docId) return <div className={box}>No {alt.toLowerCase()}</div>;
  if (error)
    return (
      <div className={box}>
        {alt}: {error}
      </div>
    );
  if (!url) return <div className={box}>Loading…</div>;
  if (contentType === 'application/pdf')
    return (
      <a className={`${box} underline`} href={url} target="_blank" rel="noreferrer">
        Open {alt.toLowerCase()} (PDF)
      </a>
    );
  return (
    <img src={url} alt={alt} className={`${className ?? 'h-32 w-32'} rounded-md border object-contain`} />
  );
}
