import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A file picker whose button looks like the app's; `onFile` gets the chosen file, if any. */
export function FileInput({
  className,
  onFile,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'onChange'> & { onFile: (file: File | undefined) => void }) {
  return (
    <input
      {...props}
      type="file"
      className={cn('text-sm file:mr-3 file:rounded-md file:border file:px-3 file:py-1', className)}
      onChange={(e) => onFile(e.target.files?.[0])}
    />
  );
}
