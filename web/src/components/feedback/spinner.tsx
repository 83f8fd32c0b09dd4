import { cn } from '@/lib/cn';

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'border-primary inline-block size-8 animate-spin rounded-full border-4 border-t-transparent',
        className,
      )}
    />
  );
}
