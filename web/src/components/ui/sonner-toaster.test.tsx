import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '@/lib/toast';
import SonnerToaster from './sonner-toaster';

describe('toasts', () => {
  it('collapse the same message into one, and sit at the bottom, away from the header', async () => {
    const { container } = render(<SonnerToaster theme="light" />);
    act(() => {
      toast({ title: 'Error', description: 'Account not found', variant: 'destructive' });
      toast({ title: 'Error', description: 'Account not found', variant: 'destructive' });
      toast({ title: 'Error', description: 'Another problem', variant: 'destructive' });
    });
    expect(await screen.findAllByText('Account not found')).toHaveLength(1);
    expect(screen.getAllByText('Another problem')).toHaveLength(1);
    expect(container.ownerDocument.querySelector('[data-y-position]')?.getAttribute('data-y-position')).toBe(
      'bottom',
    );
  });
});
