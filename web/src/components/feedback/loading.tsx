import { cn } from '@/lib/cn';

/** The app-wide 'Loading...' state (docs/product.md §2). */
export function Loading({ className, label = 'Loading...' }: { className?: string; label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('text-muted-foreground flex min-h-[40vh] items-center justify-center p-6', className)}
    >
      {label}
    </div>
  );
}
