import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

// A native <label> rather than Radix Label: same behaviour for htmlFor, no extra JS on the sign-in page.
export function Label({ className, htmlFor, ...props }: ComponentProps<'label'>) {
  return <label htmlFor={htmlFor} className={cn('text-sm leading-none font-medium', className)} {...props} />;
}
