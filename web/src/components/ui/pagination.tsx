import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight } from 'lucide-react';
import { PAGINATION_TEXT as T } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';

interface Props {
  /** 0-based. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /**
   * The rows on screen are the previous page's while the next one loads: say so, and keep the buttons
   * still, rather than pair the new "Showing X to Y" with the old rows.
   */
  busy?: boolean;
}

/** First / previous / next / last, and 'Showing X to Y of Z results' (docs/product.md §2). */
export function Pagination({ page, pageSize, total, onPage, busy = false }: Props) {
  const last = Math.max(0, Math.ceil(total / pageSize) - 1);
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <nav aria-label={T.label} aria-busy={busy} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {busy ? T.loading(page + 1) : T.showing(from, to, total)}
      </p>
      <div className="flex gap-1">
        <Button
          variant="outline"
          size="icon"
          aria-label={T.first}
          disabled={busy || page <= 0}
          onClick={() => onPage(0)}
        >
          <ChevronFirst aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={T.previous}
          disabled={busy || page <= 0}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={T.next}
          disabled={busy || page >= last}
          onClick={() => onPage(page + 1)}
        >
          <ChevronRight aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={T.last}
          disabled={busy || page >= last}
          onClick={() => onPage(last)}
        >
          <ChevronLast aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
