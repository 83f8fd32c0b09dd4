import { ListVersionsTable } from '../components/list-versions-table';
import { UploadListForm } from '../components/upload-list-form';

/** Compliance → Sanctions Lists: a new import (four-eyes) and every import with its version and counts. */
export function SanctionsListsRoute() {
  return (
    <main className="mx-auto w-full max-w-6xl space-y-5 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Sanctions Lists</h1>
      <UploadListForm />
      <ListVersionsTable />
    </main>
  );
}
