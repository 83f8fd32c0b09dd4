import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A bordered, horizontally scrollable data table; name it with aria-label or a <TableCaption>. */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className={cn('w-full text-sm', className)} {...props} />
    </div>
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
    kind: { text: '', code: 'font-mono', amount: 'font-mono tabular-nums', date: 'whitespace-nowrap' },
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
