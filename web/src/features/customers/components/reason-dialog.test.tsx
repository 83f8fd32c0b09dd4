import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CUSTOMER_TEXT } from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';
import { ReasonDialog } from './reason-dialog';

const renderDialog = (onConfirm: (reason: string, refused: (err: unknown) => boolean) => void) =>
  render(
    <ReasonDialog
      open
      title="Block"
      description="Why?"
      busy={false}
      onCancel={vi.fn()}
      onConfirm={onConfirm}
    />,
  );

describe('<ReasonDialog>', () => {
  it("keeps a too-short reason with the contract's message on the field", async () => {
    const onConfirm = vi.fn();
    renderDialog(onConfirm);
    await userEvent.type(screen.getByLabelText('Reason'), ' ab ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(CUSTOMER_TEXT.reasonRequired);
      expect(onConfirm).not.toHaveBeenCalled();
    });
  });

  it("hands over the trimmed reason and puts a 400's reason message on the field", async () => {
    let took: boolean | undefined;
    renderDialog((reason, refused) => {
      expect(reason).toBe('Adverse media');
      took = refused(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/reason', message: 'Too small: expected string to have >=3 characters' }],
        }),
      );
    });
    await userEvent.type(screen.getByLabelText('Reason'), '  Adverse media ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(took).toBe(true);
    });
    expect(await screen.findByText('Too small: expected string to have >=3 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
  });
});
