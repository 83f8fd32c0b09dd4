import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionCloseSchema, vaultTransferRequestSchema, type CashCount } from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';
import { CountForm } from './count-form';

type OnSubmit = (count: CashCount, refused: (err: unknown) => boolean) => void;

const renderCount = (schema: typeof sessionCloseSchema.shape.count, onSubmit: OnSubmit) =>
  render(
    <CountForm
      id="vault"
      label="Vault transfer count"
      currency="SLE"
      schema={schema}
      submitLabel="Ask the supervisor"
      busy={false}
      error={null}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    />,
  );

describe('<CountForm>', () => {
  it("judges the count by its request's schema: a vault transfer moves something", async () => {
    const onSubmit = vi.fn();
    renderCount(vaultTransferRequestSchema.shape.count, onSubmit);
    await userEvent.click(screen.getByRole('button', { name: 'Ask the supervisor' }));
    await waitFor(() => {
      expect(screen.getByText('must be greater than zero')).toBeInTheDocument();
      expect(screen.getByLabelText('Total counted')).toHaveAttribute('aria-invalid', 'true');
      expect(onSubmit).not.toHaveBeenCalled();
    });
  });

  it("sends the count and puts a 400's detail under `count` on its field", async () => {
    let took: boolean | undefined;
    renderCount(sessionCloseSchema.shape.count, (count, refused) => {
      expect(count).toEqual({ denominations: {}, total: '0' });
      took = refused(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/count/total', message: 'The total does not match the pieces' }],
        }),
      );
    });
    await userEvent.click(screen.getByRole('button', { name: 'Ask the supervisor' }));
    await waitFor(() => {
      expect(took).toBe(true);
    });
    expect(await screen.findByText('The total does not match the pieces')).toBeInTheDocument();
    expect(screen.getByLabelText('Total counted')).toHaveAttribute('aria-invalid', 'true');
  });
});
