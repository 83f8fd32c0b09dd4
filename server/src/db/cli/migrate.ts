// npm run db:migrate: applies pending migrations to the configured database.
import { openForCli, runCli } from './open-for-cli.ts';

runCli(async () => {
  const handle = await openForCli();
  console.log(`Migrations applied (${handle.driver}).`);
  await handle.close();
});
