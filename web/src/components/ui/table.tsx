import { cva, type VariantProps } from 'class-variance-authority';
import { useEffect, useId, useRef, useState, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** What a table wider than the screen says under itself, so a phone user knows to scroll it. */
export const TABLE_SCROLL_HINT = 'Scroll sideways for more columns';

/**
 * A bordered, horizontally scrollable data table; name it with aria-label or a <TableCaption>. When it
 * is wider than its box (a phone), it says so under itself, and the box takes keyboard focus so the
 * arrow keys scroll it (axe scrollable-region-focusable), described by that hint.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  const box = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setWide(el.scrollWidth > el.clientWidth + 1);
    const watch = new ResizeObserver(check);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    return () => watch.disconnect();
  }, []);
  return (
    <>
      <div
        ref={box}
        className="overflow-x-auto rounded-md border"
        // A scrolling box is focusable so keyboard users can scroll it (WCAG 2.1.1), only while it scrolls.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={wide ? 0 : undefined}
        aria-describedby={wide ? hintId : undefined}
      >
        <table className={cn('w-full text-sm', className)} {...props} />
      </div>
      {wide ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {TABLE_SCROLL_HINT} →
        </p>
      ) : null}
    </>
  );
}

/** Visually hidden by default: screen readers name the table by it. */
export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('sr-only', className)} {...props} />;
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-muted text-muted-foreground', className)} {...props} />;
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody {...props} />;
}

export const tableRowVariants = cva('border-t', {
  variants: {
    interactive: {
      true: 'hover:bg-muted/60 focus-visible:ring-ring cursor-pointer focus-visible:ring-2 focus-visible:outline-none focus-visible:ring-inset aria-selected:bg-primary/10 aria-selected:font-medium aria-selected:shadow-[inset_4px_0_0_var(--color-primary)]',
      false: '',
    },
  },
  defaultVariants: { interactive: false },
});

export function TableRow({
  className,
  interactive,
  ...props
}: ComponentProps<'tr'> & VariantProps<typeof tableRowVariants>) {
  return <tr className={cn(tableRowVariants({ interactive }), className)} {...props} />;
}

export const tableCellVariants = cva('px-3 py-2', {
  variants: {
    align: { left: 'text-left', right: 'text-right' },
    /** Figures and codes: monospaced; amounts also line up by digit. */
    kind: {
      text: '',
      code: 'font-mono',
      amount: 'font-mono tabular-nums whitespace-nowrap',
      date: 'whitespace-nowrap',
    },
  },
  defaultVariants: { align: 'left', kind: 'text' },
});

type CellVariants = VariantProps<typeof tableCellVariants>;

/** A column header (scope="col"). */
export function TableHead({ className, align, kind, ...props }: ComponentProps<'th'> & CellVariants) {
  return (
    <th scope="col" className={cn(tableCellVariants({ align, kind }), 'font-medium', className)} {...props} />
  );
}

export function TableCell({ className, align, kind, ...props }: ComponentProps<'td'> & CellVariants) {
  return <td className={cn(tableCellVariants({ align, kind }), className)} {...props} />;
}
