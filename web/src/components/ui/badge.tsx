import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground border-transparent',
        secondary: 'bg-secondary text-secondary-foreground border-transparent',
        destructive: 'bg-destructive text-destructive-foreground border-transparent',
        outline: 'text-foreground',
        warning: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50',
        // Status tones: a record's state in words on a colour that keeps AA contrast in both themes
        // (never colour alone). Features map their statuses onto these rather than keep class strings.
        active: 'border-transparent bg-green-700 text-white',
        positive: 'border-transparent bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-50',
        info: 'border-transparent bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50',
        blocked: 'border-transparent bg-red-700 text-white',
        dormant: 'border-transparent bg-slate-600 text-white',
        closed: 'border-transparent bg-slate-800 text-white',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
