import { Dialog as DialogPrimitive } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/*
 * Stacking, for every modal of the app: a dialog's overlay sits on z-40 and its content on z-50, so the
 * content is always above its own overlay. An alert dialog (a confirmation, which may open over a dialog)
 * uses z-60/z-70 — see alert-dialog.tsx. Menus and popovers use z-50 and open from page content.
 */
export const overlayClass = 'fixed inset-0 bg-black/50';

export const modalContentVariants = cva('fixed shadow-lg', {
  variants: {
    /** center: a dialog box; left: a drawer along the left edge (the narrow-screen menu). */
    placement: {
      center:
        'bg-card text-card-foreground top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 rounded-lg border p-6',
      left: 'bg-background text-foreground inset-y-0 left-0 flex w-80 max-w-[85vw] flex-col gap-4 overflow-y-auto border-r p-4 shadow-xl',
    },
    size: {
      sm: 'w-[min(92vw,26rem)]',
      default: 'w-[min(92vw,28rem)]',
      lg: 'max-h-[90vh] w-[min(94vw,48rem)] overflow-auto',
    },
  },
  defaultVariants: { placement: 'center', size: 'default' },
});

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** The dialog box with its overlay, in a portal. */
export function DialogContent({
  className,
  placement,
  size,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & VariantProps<typeof modalContentVariants>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={cn(overlayClass, 'z-40')} />
      <DialogPrimitive.Content
        className={cn(modalContentVariants({ placement, size }), 'z-50', className)}
        {...props}
      />
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-muted-foreground mb-4 text-sm', className)} {...props} />
  );
}

/** The row of buttons at the bottom, right-aligned. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-5 flex justify-end gap-2', className)} {...props} />;
}
