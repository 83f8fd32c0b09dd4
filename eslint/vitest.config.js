import { defineConfig } from 'vitest/config';

// The boundary rules' own tests: each lints a fixture and expects its rule to fire.
export default defineConfig({
  test: { name: 'eslint', include: ['**/*.test.js'], testTimeout: 60_000 },
});
