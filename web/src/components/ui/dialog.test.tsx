import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from './alert-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

const zIndex = (el: Element | null | undefined) => Number(/(?:^|\s)z-(\d+)/.exec(el?.className ?? '')?.[1]);

function ReviewWithConfirmation() {
  return (
    <Dialog open>
      <DialogContent>
        <DialogTitle>Review new staff user</DialogTitle>
        <DialogDescription>Approve or reject.</DialogDescription>
        <AlertDialog open>
          <AlertDialogContent>
            <AlertDialogTitle>Reject: Binta?</AlertDialogTitle>
            <AlertDialogDescription>This cannot be undone.</AlertDialogDescription>
          </AlertDialogContent>
        </AlertDialog>
      </DialogContent>
    </Dialog>
  );
}

describe('dialog stacking', () => {
  it('puts each overlay under its content and a confirmation above the dialog it opens from', () => {
    render(<ReviewWithConfirmation />);
    // The confirmation hides the dialog behind it from the accessibility tree, so find it in the DOM.
    const dialog = document.querySelector('[role="dialog"]');
    const alert = screen.getByRole('alertdialog', { name: 'Reject: Binta?' });
    const dialogOverlay = dialog?.previousElementSibling;
    const alertOverlay = alert.previousElementSibling;
    expect(zIndex(dialogOverlay)).toBeLessThan(zIndex(dialog));
    expect(zIndex(alertOverlay)).toBeLessThan(zIndex(alert));
    expect(zIndex(alertOverlay)).toBeGreaterThan(zIndex(dialog));
  });
});
