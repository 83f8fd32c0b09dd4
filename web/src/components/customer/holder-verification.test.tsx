import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Customer360 } from '@bankmanager/contracts';
import { stubApiClient, stubFunctions } from '@/lib/testing/stubs';
import { HolderVerification } from './holder-verification';

const doc = (id: string, kind: 'photo' | 'signature' | 'id_scan', current: boolean) => ({
  id,
  kind,
  objectPath: `7/${kind}/${id}`,
  contentType: 'image/png',
  current,
  uploadedBy: 'cso@bank.sl',
  uploadedAt: '2026-11-23T10:00:00Z',
});
const customer: Partial<Customer360> = {
  documents: [doc('1', 'photo', false), doc('2', 'photo', true), doc('3', 'signature', true)],
};
const get = vi.fn(async () => customer);
const apiBlob = vi.fn(async (path: string) => new Blob([path]));
// The fixture is partial: the stubbed get hands it over without the 360 schema.
stubApiClient({ api: { get }, apiBlob });
stubFunctions(URL, { createObjectURL: (b: Blob) => `blob:${b.size}`, revokeObjectURL: () => {} });

describe('HolderVerification', () => {
  it("shows the holder's current photo and specimen signature, fetched with the user's token", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <HolderVerification customerId={7} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('img', { name: 'Holder photo' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Specimen signature' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/customers/7/360', expect.anything());
    expect(apiBlob.mock.calls.map((c) => c[0]).sort()).toEqual([
      '/customers/7/documents/2/content',
      '/customers/7/documents/3/content',
    ]);
  });

  it('shows nothing without a holder id (an API that does not send it)', () => {
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <HolderVerification />
      </QueryClientProvider>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
