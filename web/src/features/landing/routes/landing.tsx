import { BarChart3, Banknote, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ThemeToggle } from '@/components/theme-toggle';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

const FEATURES = [
  {
    icon: ShieldCheck,
    title: 'Secure Banking',
    text: 'Staff accounts approved by an administrator, signed sessions and a tamper-evident audit trail.',
  },
  {
    icon: Banknote,
    title: 'Le Currency',
    text: 'Balances and postings in the new Leone (Le), with US dollar accounts where customers hold them.',
  },
  {
    icon: BarChart3,
    title: 'Analytics',
    text: 'Dashboards of customers, deposits, loans and compliance, computed from the bank’s own ledger.',
  },
] as const;

export function LandingRoute() {
  useDocumentTitle(undefined);
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between px-6 py-4">
        <span className="text-lg font-semibold">BankManager</span>
        <ThemeToggle />
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col items-center justify-center gap-12 px-6 py-12 text-center">
        <div className="space-y-4">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">BankManager</h1>
          <p className="text-muted-foreground mx-auto max-w-2xl text-lg">
            The back office for bank staff in Sierra Leone: customers, accounts, mobile banking and enquiries
            in one place.
          </p>
        </div>
        <ul className="grid w-full gap-6 sm:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="bg-card text-card-foreground rounded-xl border p-6 text-left shadow-sm"
            >
              <Icon className="text-primary mb-3 size-8" aria-hidden />
              <h2 className="mb-2 text-lg font-semibold">{title}</h2>
              <p className="text-muted-foreground text-sm">{text}</p>
            </li>
          ))}
        </ul>
        <Button asChild size="lg">
          <Link to={paths.signIn}>Enter Application</Link>
        </Button>
      </main>
    </div>
  );
}

export default LandingRoute;
