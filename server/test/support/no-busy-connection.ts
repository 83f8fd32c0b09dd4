// Every server test file: a query sent on a connection that is still running one fails the run.
// node-postgres 8 queues it with a once-per-process deprecation warning, which a passing run hid;
// version 9 refuses it. Inside a transaction (one connection), independent reads go through
// `independentReads`, which runs them one after another there.
const BUSY = /already executing a query/;
const flag = Symbol.for('bankmanager.noBusyConnection');
const registry = globalThis as { [flag]?: true };
if (!registry[flag]) {
  registry[flag] = true;
  process.on('warning', (warning) => {
    if (BUSY.test(warning.message))
      throw new Error(`a second query on a busy connection: ${warning.message}`);
  });
}
