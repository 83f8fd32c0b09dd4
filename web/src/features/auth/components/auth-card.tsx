import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Centred card shared by the sign-in and sign-up pages. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <Link to={paths.landing} className="mb-6 text-xl font-semibold">
        BankManager
      </Link>
      <div className="bg-card text-card-foreground w-full max-w-md rounded-xl border p-6 shadow-sm">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-muted-foreground mt-1 mb-6 text-sm">{description}</p>
        {children}
      </div>
    </main>
  );
}
