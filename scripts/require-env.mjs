// Fails fast with a clear message when a tier's required environment variable is missing.
const missing = process.argv.slice(2).filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(`Missing environment variable(s): ${missing.join(', ')}.`);
  console.error('Example: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:pg');
  process.exit(1);
}
