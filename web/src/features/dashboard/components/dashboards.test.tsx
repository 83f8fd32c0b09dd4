import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '@bankmanager/contracts/dashboard';
import { FIGURES_SCOPE_TEXT } from '@/lib/branch';
import { stubApiClient } from '@/lib/testing/stubs';
import { ActivatedDashboard } from './activated-dashboard';
import { PendingDashboard } from './pending-dashboard';

const news = Array.from({ length: 7 }, (_, i) => ({
  id: `n${i}`,
  title: `News ${i}`,
  date: `2026-01-0${i + 1}`,
}));
const DATA: DashboardResponse = {
  stats: {
    totalCustomers: 1200,
    activeLoans: 85,
    totalDeposits: [{ currency: 'SLE', amount: '1234567.5' }],
    complianceScore: 92,
    complianceDefinition: 'Share of customers with complete KYC.',
  },
  news,
  events: [
    {
      id: 'e1',
      type: 'new_user',
      title: 'New staff sign-up',
      description: 'Fatmata Sesay is waiting for approval',
      date: '2026-01-05',
      status: 'pending',
      userId: 'u9',
      userName: 'Fatmata Sesay',
    },
    {
      id: 'e2',
      type: 'transaction',
      title: 'Large deposit',
      description: 'Le 500,000.00 at Bo',
      date: '2026-01-04',
    },
  ],
  announcements: Array.from({ length: 6 }, (_, i) => ({
    id: `a${i}`,
    title: `Announcement ${i}`,
    date: '2026-01-01',
    content: 'x',
    priority: 'low' as const,
    isNew: false,
  })),
  tasks: Array.from({ length: 6 }, (_, i) => ({
    id: `t${i}`,
    title: `Task ${i}`,
    description: 'y',
    dueDate: '2026-02-01',
    priority: 'high' as const,
    status: 'pending' as const,
  })),
};

stubApiClient({ api: { get: vi.fn(async () => DATA) } });

function renderWithData(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
const morning = new Date(2026, 0, 5, 9, 0);

describe('pending dashboard', () => {
  it('shows the banner, the latest 3 news items and a disabled View More', async () => {
    renderWithData(<PendingDashboard name="Fatmata" now={morning} />);
    expect(screen.getByRole('heading', { name: 'Good Morning, Fatmata' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Account Pending Activation' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your account is currently awaiting administrator approval. You have limited access to the system until your account is activated.',
      ),
    ).toBeInTheDocument();
    await screen.findByText('News 6');
    expect(screen.getByText('News 5')).toBeInTheDocument();
    expect(screen.getByText('News 4')).toBeInTheDocument();
    expect(screen.queryByText('News 3')).not.toBeInTheDocument();
    const viewMore = screen.getByRole('button', { name: 'View More' });
    expect(viewMore).toBeDisabled();
    expect(viewMore).toHaveAccessibleDescription(/only.*activated|once your account is activated/i);
  });
});

describe('activated dashboard', () => {
  it('shows stats, events, up to 5 announcements and 5 tasks, and Review for superusers', async () => {
    renderWithData(<ActivatedDashboard name="Admin" isSuperuser now={new Date(2026, 0, 5, 19)} />);
    expect(screen.getByRole('heading', { name: 'Good Evening, Admin' })).toBeInTheDocument();
    expect(await screen.findByText('92%')).toBeInTheDocument();
    // The figures say the branch selector does not scope them.
    expect(screen.getByText(FIGURES_SCOPE_TEXT)).toBeInTheDocument();
    expect(screen.getByText('Le 1,234,567.50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'How the compliance score is computed' })).toBeInTheDocument();
    expect(screen.getByText('Needs Approval')).toBeInTheDocument();
    // The button names the person.
    expect(screen.getByRole('link', { name: 'Review Fatmata Sesay' })).toHaveAttribute(
      'href',
      '/security/users?review=u9',
    );
    expect(screen.getAllByText(/^Announcement \d$/)).toHaveLength(5);
    expect(screen.getAllByText(/^Task \d$/)).toHaveLength(5);
  });

  it('hides Review from non-superusers but keeps the badge', async () => {
    renderWithData(<ActivatedDashboard name="Staff" isSuperuser={false} now={morning} />);
    const events = await screen.findByText('Needs Approval');
    expect(events).toBeInTheDocument();
    expect(within(document.body).queryByRole('link', { name: /Review/ })).not.toBeInTheDocument();
  });
});
