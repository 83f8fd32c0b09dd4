import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A native <select> styled like <Input>: the browser's own list, keyboard and mobile pickers. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'border-input bg-background focus-visible:ring-ring aria-invalid:border-destructive h-10 max-w-full min-w-0 rounded-md border px-3 text-sm focus-visible:ring-2 focus-visible:outline-none disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
