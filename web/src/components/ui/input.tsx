import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'border-input bg-background placeholder:text-muted-foreground focus-visible:ring-ring flex h-10 w-full rounded-md border px-3 py-2 text-sm focus-visible:ring-2 focus-visible:outline-none disabled:opacity-50 aria-invalid:border-destructive read-only:bg-muted read-only:text-muted-foreground read-only:cursor-default read-only:focus-visible:ring-1',
        className,
      )}
      {...props}
    />
  );
}
