import { findMenuEntry } from '@bankmanager/contracts/menu';
import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** A menu entry without its own screen yet: what it is, where it sits, and that it is not available. */
export function ModulePage({ path }: { path: string }) {
  useDocumentTitle(findMenuEntry(path)?.item.name);
  const entry = findMenuEntry(path);
  if (!entry) return null;
  const { item, trail } = entry;
  return (
    <main className="mx-auto w-full max-w-5xl space-y-6 p-6">
      <nav aria-label="Breadcrumb">
        <ol className="text-muted-foreground flex flex-wrap items-center gap-1 text-sm">
          <li>
            <Link to={paths.dashboard} className="hover:text-foreground underline-offset-4 hover:underline">
              Dashboard
            </Link>
          </li>
          {trail.map((t) => (
            <li key={t.code} className="flex items-center gap-1">
              <span aria-hidden>/</span>
              <Link to={t.path} className="hover:text-foreground underline-offset-4 hover:underline">
                {t.name}
              </Link>
            </li>
          ))}
          <li className="flex items-center gap-1">
            <span aria-hidden>/</span>
            <span aria-current="page" className="text-foreground">
              {item.name}
            </span>
          </li>
        </ol>
      </nav>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">{item.name}</h1>
          {/* The code said as what it is: the entry's number in the menu tree. */}
          <Badge variant="outline" title="This entry's number in the menu">
            Menu code {item.code}
          </Badge>
        </div>
        <p className="text-muted-foreground">{item.description}</p>
      </header>
      <section
        aria-labelledby="module-status"
        className="bg-muted/50 flex items-start gap-4 rounded-xl border border-dashed p-6"
      >
        <Construction aria-hidden className="text-muted-foreground mt-1 size-6 shrink-0" />
        <div className="space-y-1">
          <h2 id="module-status" className="font-semibold">
            Not yet available
          </h2>
          <p className="text-muted-foreground text-sm">
            This module is not available in BankManager yet. Its screens will appear here once they are
            released.
          </p>
        </div>
      </section>
      {item.subMenus?.length ? (
        <section aria-labelledby="module-sections" className="space-y-3">
          <h2 id="module-sections" className="font-semibold">
            In this section
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {item.subMenus.map((s) => (
              <li key={s.code}>
                <Link
                  to={s.path}
                  className="hover:bg-accent focus-visible:ring-ring block h-full rounded-lg border p-3 outline-none focus-visible:ring-2"
                >
                  <span className="block text-sm font-medium">{s.name}</span>
                  <span className="text-muted-foreground mt-1 block text-xs">{s.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Button asChild variant="outline">
        <Link to={paths.dashboard}>Back to Dashboard</Link>
      </Button>
    </main>
  );
}
