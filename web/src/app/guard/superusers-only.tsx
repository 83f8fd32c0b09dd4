import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * What a signed-in user sees on a screen they may not use: the page's own heading (its menu entry) and
 * why, so each page says what it protects. The screen itself is never rendered.
 */
export function SuperusersOnly({
  title,
  message,
  detail,
}: {
  title?: string;
  message: string;
  detail?: string;
}) {
  useDocumentTitle(title);
  return (
    <main className="mx-auto w-full max-w-3xl space-y-4 p-6">
      {title ? <h1 className="text-2xl font-semibold">{title}</h1> : null}
      <div role="alert" className="space-y-1 rounded-md border p-4">
        <p>{message}</p>
        {detail ? <p className="text-muted-foreground text-sm">{detail}</p> : null}
      </div>
    </main>
  );
}
