import { BranchMoveForm } from '../components/branch-move-form';
import { MergeForm } from '../components/merge-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /customers/admin — merge two records, move a customer to another branch (both four-eyes). */
export function CustomerAdminRoute() {
  useDocumentTitle('Customer Administration');
  return (
    <main className="mx-auto w-full max-w-4xl space-y-8 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Customer Administration</h1>
      <MergeForm />
      <BranchMoveForm />
    </main>
  );
}
