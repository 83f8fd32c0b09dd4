import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RETURNS_TEXT, type ReturnTemplate } from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';
import { stubApiClient } from '@/lib/testing/stubs';
import { MappingEditor } from './mapping-editor';

const get = vi.fn();
const put = vi.fn();
stubApiClient({ api: { get, put } });

const TEMPLATES: ReturnTemplate[] = [
  {
    code: 'sofp',
    name: 'Statement of financial position',
    note: '',
    lines: [
      { code: 'assets', position: 10, label: 'Assets', kind: 'heading', side: 'debit', glPatterns: [] },
      {
        code: 'bsl',
        position: 40,
        label: 'Balances with Bank of Sierra Leone',
        kind: 'gl',
        side: 'debit',
        glPatterns: ['1030%'],
      },
      {
        code: 'other_assets',
        position: 80,
        label: 'Other assets',
        kind: 'gl',
        side: 'debit',
        glPatterns: ['18%', '19%'],
      },
    ],
  },
];

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MappingEditor />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === '/regulatory-returns/templates') return TEMPLATES;
    throw new Error(`unexpected GET ${path}`);
  });
});

describe('Line mapping', () => {
  it('offers only lines that read GL accounts, and asks for the new patterns with a reason', async () => {
    put.mockResolvedValue({ approvalId: 'a1' });
    renderEditor();
    const user = userEvent.setup();
    const line = await screen.findByLabelText('Line');
    expect([...(line as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'Balances with Bank of Sierra Leone',
      'Other assets',
    ]);
    await user.selectOptions(line, 'other_assets');
    const patterns = screen.getByLabelText(/^GL accounts/);
    expect(patterns).toHaveValue('18%, 19%');
    await user.clear(patterns);
    await user.type(patterns, '18%');
    await user.type(screen.getByLabelText('Reason'), 'Suspense apart');
    await user.click(screen.getByRole('button', { name: 'Ask to change the mapping' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith('/regulatory-returns/templates/sofp/lines/other_assets/mapping', {
      body: { glPatterns: ['18%'], reason: 'Suspense apart' },
      schema: expect.anything(),
    });
    expect(await screen.findByRole('status')).toHaveTextContent(/Sent for approval/);
  });

  it('shows the contract’s messages on the fields before sending, and the server’s after', async () => {
    renderEditor();
    const user = userEvent.setup();
    const patterns = await screen.findByLabelText(/^GL accounts/);
    await user.type(patterns, "1' or 1=1");
    await user.click(screen.getByRole('button', { name: 'Ask to change the mapping' }));
    expect(await screen.findByText(RETURNS_TEXT.patterns)).toBeInTheDocument();
    expect(screen.getByText(RETURNS_TEXT.reason)).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    expect(patterns).toHaveAttribute('aria-invalid', 'true');

    put.mockRejectedValue(
      new ApiError('Invalid request', 400, 'Bad Request', {
        error: 'Invalid request',
        details: [{ path: '/glPatterns/0', message: RETURNS_TEXT.noGlMatch('77%') }],
      }),
    );
    await user.clear(patterns);
    await user.type(patterns, '77%');
    await user.type(screen.getByLabelText('Reason'), 'x');
    await user.click(screen.getByRole('button', { name: 'Ask to change the mapping' }));
    expect(await screen.findByText(RETURNS_TEXT.noGlMatch('77%'))).toBeInTheDocument();
  });
});
