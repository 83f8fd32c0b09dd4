import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A check's verdict on a report (the books balance, a return reconciles): a problem is a red banner
 * announced at once (role alert); a clean result is green text read politely (role status).
 */
export const noticeVariants = cva('', {
  variants: {
    tone: {
      problem: 'rounded-md border border-red-700 bg-red-700 p-3 font-semibold text-white',
      fine: 'font-medium text-green-700 dark:text-green-400',
    },
  },
});

export function Notice({
  tone,
  className,
  ...props
}: ComponentProps<'div'> & { tone: NonNullable<VariantProps<typeof noticeVariants>['tone']> }) {
  return (
    <div
      role={tone === 'problem' ? 'alert' : 'status'}
      className={cn(noticeVariants({ tone }), className)}
      {...props}
    />
  );
}
