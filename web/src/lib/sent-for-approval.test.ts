import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectToasts } from './testing/toasts';
import { followToastLink, setToastListener, setToastNavigator } from './toast';
import { toastSentForApproval } from './sent-for-approval';

describe('toastSentForApproval', () => {
  afterEach(() => {
    setToastListener(null);
    setToastNavigator(null);
  });

  it('raises "Sent for approval" with a link to the request, which the app follows in place', () => {
    const seen = collectToasts();
    toastSentForApproval('abc', 'The KYC change');
    expect(seen).toEqual([
      {
        title: 'Sent for approval',
        description: 'The KYC change takes effect once another person approves it.',
        variant: 'success',
        link: { href: '/transactions/control/approve?request=abc', label: 'View the request' },
      },
    ]);
    const navigate = vi.fn();
    setToastNavigator(navigate);
    followToastLink(seen[0]!.link!.href);
    expect(navigate).toHaveBeenCalledWith('/transactions/control/approve?request=abc');
  });
});
