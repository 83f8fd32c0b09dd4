import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The four analytics dashboards are placeholders for now (docs/product.md §2). */
export function AnalyticsPlaceholder({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <main className="mx-auto w-full max-w-4xl space-y-4 p-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-muted-foreground">
        This dashboard is being prepared. Its charts and figures will appear here soon.
      </p>
      <Button asChild>
        <Link to={paths.dashboard}>Back to Dashboard</Link>
      </Button>
    </main>
  );
}
