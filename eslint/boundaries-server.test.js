import { describe, expect, it } from 'vitest';
import { lintAs } from './lint-as.js';

// Each case lints a probe file as if it lived at a path in the server or contracts tree, importing
// real files, and checks the boundary rule fires (or stays quiet for the allowed import).
const ZONE = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

const importing = (spec) => `import * as probe from '${spec}';\nexport const used = probe;\n`;

describe('server layers', () => {
  it('db/ imports no module', async () => {
    expect(await lintAs('server/src/db/probe.ts', importing('../modules/audit/index.ts'))).toContain(ZONE);
  });

  it('lib/ imports no plugin and not the app', async () => {
    expect(await lintAs('server/src/lib/probe.ts', importing('../plugins/spa.ts'))).toContain(ZONE);
    expect(await lintAs('server/src/lib/probe.ts', importing('../app.ts'))).toContain(ZONE);
  });

  it('db/ and lib/ may import each other', async () => {
    expect(await lintAs('server/src/db/probe.ts', importing('../lib/db-errors.ts'))).toEqual([]);
  });

  it('a module never imports the app, the server or the demo seed', async () => {
    for (const top of ['app.ts', 'server.ts', 'demo-seed.ts']) {
      expect(await lintAs('server/src/modules/accounts/probe.ts', importing(`../../${top}`))).toContain(ZONE);
    }
  });

  it('a test may build the app', async () => {
    expect(await lintAs('server/src/modules/accounts/probe.test.ts', importing('../../app.ts'))).toEqual([]);
  });

  it('production code never imports server/test; a test does', async () => {
    const harness = '../../../test/support/harness.ts';
    expect(await lintAs('server/src/modules/accounts/probe.ts', importing(harness))).toContain(ZONE);
    expect(await lintAs('server/src/modules/accounts/probe.test.ts', importing(harness))).toEqual([]);
  });
});

describe('server modules', () => {
  it('refuse a deep import into another module', async () => {
    expect(await lintAs('server/src/modules/admin/probe.ts', importing('../auth/sessions.ts'))).toContain(
      ZONE,
    );
    expect(await lintAs('server/src/modules/staff/probe.ts', importing('../audit/write-audit.ts'))).toContain(
      ZONE,
    );
  });

  it("allow another module's index.ts", async () => {
    expect(await lintAs('server/src/modules/admin/probe.ts', importing('../auth/index.ts'))).toEqual([]);
  });

  it('refuse deep imports in tests too', async () => {
    expect(await lintAs('server/src/modules/admin/probe.test.ts', importing('../auth/users.ts'))).toContain(
      ZONE,
    );
  });

  it("allow a module's own files", async () => {
    expect(await lintAs('server/src/modules/auth/probe.ts', importing('./sessions.ts'))).toEqual([]);
  });
});

describe('contracts', () => {
  it('import neither server nor web', async () => {
    expect(
      await lintAs('packages/contracts/src/probe.ts', importing('../../../server/src/lib/csv.ts')),
    ).toContain(ZONE);
    expect(await lintAs('packages/contracts/src/probe.ts', importing('../../../web/src/main.tsx'))).toContain(
      ZONE,
    );
  });
});

describe('import cycles', () => {
  // The probe stands in for a real file that the imported one already (indirectly) imports.
  it('are refused in the server', async () => {
    // staff → audit already; audit importing staff closes the loop.
    expect(await lintAs('server/src/modules/audit/index.ts', importing('../staff/index.ts'))).toContain(
      CYCLE,
    );
  });

  it('are refused in contracts', async () => {
    expect(await lintAs('packages/contracts/src/paging.ts', importing('./index.ts'))).toContain(CYCLE);
  });
});
