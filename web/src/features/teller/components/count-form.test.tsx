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

  it('skips the zero rows: an empty till is 0 and Enter, two keystrokes', async () => {
    const onSubmit = vi.fn();
    renderCount(sessionCloseSchema.shape.count, onSubmit);
    const keys = ['0', '{Enter}'];
    await userEvent.keyboard(keys.join(''));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(keys).toHaveLength(2);
    expect(onSubmit.mock.calls[0]![0]).toEqual({ denominations: {}, total: '0' });
  });

  it('once the pieces come to the total, Enter sends it without visiting the coin rows', async () => {
    const onSubmit = vi.fn();
    renderCount(sessionCloseSchema.shape.count, onSubmit);
    // Total Le 45: Enter to the Le 20 row, 2, Enter to Le 10 (empty), Enter to Le 5, 1, Enter: sent.
    const keys = ['4', '5', '{Enter}', '2', '{Enter}', '{Enter}', '1', '{Enter}'];
    await userEvent.keyboard(keys.join(''));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ denominations: { LE20: 2, LE5: 1 }, total: '45' });
    // The seven rows below Le 5 (Le 2 to 1 cent) took no keystroke: 8 in all instead of 15.
    expect(keys).toHaveLength(8);
  });

  it('while the pieces fall short, Enter still steps to the next row', async () => {
    const onSubmit = vi.fn();
    renderCount(sessionCloseSchema.shape.count, onSubmit);
    await userEvent.keyboard('45{Enter}2{Enter}');
    expect(screen.getByLabelText('Le 10')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
