import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { precompress } from './build/precompress.ts';

/*
 * Fewer files on a first visit: each costs about 1 KB of headers on the wire, more than many small chunks
 * weigh (docs/decisions/0017-wire-budget.md). Everything the entry loads statically is one file, and the
 * small pieces the landing and sign-in pages share (button, inputs, the auth card) another.
 */
const SHARED_BY_LANDING_AND_SIGN_IN = [
  'components/ui/button.',
  'components/ui/input.',
  'components/ui/label.',
  'components/ui/form-field.',
  'components/theme-toggle.',
  'features/auth/components/auth-card.',
  'config/public-config.',
  'contracts/src/auth-messages.',
  'rolldown/runtime',
  // The two first-visit screens themselves: in chunks of their own each cost its headers again (1.3 KB).
  'features/landing/routes/landing.',
  'features/auth/routes/sign-in.',
];
const FIRST_VISIT_CHUNKS = [
  { name: 'app', tags: ['$initial' as const] },
  {
    name: 'first-visit',
    test: (id: string) => SHARED_BY_LANDING_AND_SIGN_IN.some((f) => id.replaceAll('\\', '/').includes(f)),
  },
];

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // The first visit's own files keep their preload links in index.html. A screen opened later loads
    // its shared chunks as it imports them rather than from a dependency table in the entry, which grew
    // with every screen the entry routes to; and no modulepreload polyfill, since the browsers the bank
    // supports (current Chromium, Edge, Firefox ≥ 115, Safari ≥ 17) preload modules themselves
    // (docs/decisions/0017-wire-budget.md).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: { output: { codeSplitting: { groups: FIRST_VISIT_CHUNKS } } },
  },
  server: {
    port: 5173,
    // `npm run dev -w web` talks to a server started with `npm run dev` on port 3000.
    proxy: {
      '/api': 'http://localhost:3000',
      '/auth': 'http://localhost:3000',
      '/rest': 'http://localhost:3000',
    },
  },
});
