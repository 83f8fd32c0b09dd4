import { AlertsTable } from '../components/alerts-table';

/** Compliance → Alerts: the monitoring alert queue. */
export function AmlAlertsRoute() {
  return (
    <main className="mx-auto w-full max-w-6xl space-y-5 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Alerts</h1>
      <AlertsTable />
    </main>
  );
}
