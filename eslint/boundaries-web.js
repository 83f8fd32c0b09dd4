// Architecture rules for the web side; see eslint/README.md and web/README.md.
//
// Layers, each importing only the ones after it: app → features → shared (components, lib, config, hooks).
// A feature never imports another feature: what two features need moves down to a shared layer, and
// app/ composes features. import-x resolves every import (the `@/` alias included, through
// web/tsconfig.json) so the zones compare real file paths.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const root = fileURLToPath(new URL('..', import.meta.url));
const SRC = 'web/src';
const SHARED = ['components', 'lib', 'config', 'hooks'];

/** Every folder in web/src/features, read at lint time: a new feature is fenced in without editing this. */
export const webFeatures = () =>
  readdirSync(`${root}/${SRC}/features`, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

const zones = [
  {
    target: SHARED.map((dir) => `${SRC}/${dir}`),
    from: [`${SRC}/features`, `${SRC}/app`],
    message:
      'Shared code (components, lib, config, hooks) imports neither features nor app: move what it needs down to a shared layer.',
  },
  {
    target: `${SRC}/features`,
    from: `${SRC}/app`,
    message: 'A feature never imports app/: app/ composes features, not the other way round.',
  },
  ...webFeatures().map((feature) => ({
    target: `${SRC}/features/${feature}`,
    from: `${SRC}/features`,
    except: [`./${feature}`],
    message: `features/${feature} imports another feature: move the shared piece to components/, lib/ or hooks/, or compose the two in app/.`,
  })),
];

// Fixtures of the rules' own tests (eslint/boundaries-web.test.js); plain JS so no tsconfig needs them.
const FIXTURES = 'eslint/fixtures/web/**/*.js';

export default [
  {
    files: [`${SRC}/**/*.{ts,tsx}`, FIXTURES],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          // `@/…` and the workspace packages resolve exactly as Vite and tsc see them.
          tsconfig: { configFile: `${root}/web/tsconfig.json` },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Screens are built from the shared primitives, so dialogs, tables and menus cannot drift apart again.
    files: [`${SRC}/features/**/*.{ts,tsx}`, `${SRC}/app/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'radix-ui',
              message: 'Use the primitives in components/ui; wrap a new Radix part there first.',
            },
          ],
        },
      ],
    },
  },
];
