import { RulesList } from '../components/rules-list';

/** Compliance → Monitoring Rules: view; a change is proposed and approved by a second officer. */
export function AmlRulesRoute() {
  return (
    <main className="mx-auto w-full max-w-6xl space-y-5 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Monitoring Rules</h1>
      <RulesList />
    </main>
  );
}
