import { defineConfig } from 'vitest/config';

// One runner for every workspace; `npm run test:pg` reruns just the server project on PostgreSQL.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'server', 'web', 'eslint'],
  },
});
