// Architecture rules for the server side and the contracts package; see eslint/README.md.
//
//   server.ts, app.ts, demo-seed.ts   (composition: build the app, start it, seed demo data)
//              ↓
//   modules/<name>/                   (features; another module only through its index.ts)
//              ↓
//   lib/, db/                         (no feature knowledge)
//
// packages/contracts sits under all of it and imports neither server nor web.
import fs from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = 'server/src/modules';
const composition = ['server/src/app.ts', 'server/src/server.ts', 'server/src/demo-seed.ts'];

/** Every folder under server/src/modules is a module; read from disk so a new one is covered at once. */
const modules = fs
  .readdirSync(path.join(root, modulesDir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** For each module: files in every other module may import it only through its index.ts. */
const onlyThroughIndex = modules.map((name) => ({
  target: modules.filter((other) => other !== name).map((other) => `${modulesDir}/${other}`),
  from: `${modulesDir}/${name}`,
  except: ['./index.ts'],
  message: `Import the ${name} module through ${modulesDir}/${name}/index.ts, its only door.`,
}));

/** Zones for every file, tests included. */
const layerZones = [
  {
    target: ['server/src/db', 'server/src/lib'],
    from: [modulesDir, 'server/src/plugins', ...composition],
    message: 'db/ and lib/ sit below the modules: they import no module, plugin or app file.',
  },
  {
    target: 'packages/contracts',
    from: ['server', 'web'],
    message: 'The contracts package is shared by server and web and imports neither.',
  },
];

/** Zones for production code only: a test may build the app, and use the helpers in server/test. */
const productionZones = [
  {
    target: modulesDir,
    from: composition,
    message: 'A module never imports the app, the server or the demo seed; they import the modules.',
  },
  {
    target: 'server/src',
    from: 'server/test',
    message: 'Production code never imports test code (server/test).',
  },
];

const importPlugin = {
  plugins: { 'import-x': importX },
  settings: {
    // The code imports with explicit `.ts` extensions and the contracts package by its exports map.
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    'import-x/extensions': ['.ts', '.js'],
  },
};

export default [
  {
    files: ['server/**/*.ts', 'packages/contracts/**/*.ts'],
    ...importPlugin,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...layerZones, ...onlyThroughIndex] },
      ],
    },
  },
  {
    // Nothing imports a test file, so no cycle can run through one: walking the whole import graph
    // from every test file was about half of this rule's time, for no cycle it could find.
    files: ['server/**/*.ts', 'packages/contracts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    ...importPlugin,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    ...importPlugin,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [...layerZones, ...onlyThroughIndex, ...productionZones],
        },
      ],
    },
  },
];
