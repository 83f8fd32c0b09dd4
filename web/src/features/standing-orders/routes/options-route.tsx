import { useOptions } from '../api/options';
import { OptionsForm } from '../components/options-form';
import { RunNow } from '../components/run-now';

/** Transaction → Standing Orders → Options: the run rules and "Run due now". */
export function StandingOrdersOptionsRoute() {
  const options = useOptions();
  return (
    <main className="mx-auto w-full max-w-4xl space-y-5 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Standing Order Options</h1>
      {options.isError ? (
        <p role="alert" className="text-destructive">
          {options.error.message}
        </p>
      ) : options.data ? (
        <OptionsForm key={options.data.version} options={options.data} />
      ) : (
        <p role="status">Loading...</p>
      )}
      <RunNow />
    </main>
  );
}
