import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { webFeatures } from './boundaries-web.js';
import { lintAs } from './lint-as.js';

const RESTRICTED = 'import-x/no-restricted-paths';

describe('web boundaries (eslint/boundaries-web.js)', () => {
  it('fences in every feature folder', () => {
    expect(webFeatures()).toEqual(expect.arrayContaining(['audit-trail', 'auth', 'staff-admin']));
  });

  it('reports a feature importing another feature', async () => {
    const code =
      "import { StaffUsersRoute } from '@/features/staff-admin';\nexport const probe = StaffUsersRoute;\n";
    expect(await lintAs('web/src/features/audit-trail/routes/lint-probe.tsx', code)).toContain(RESTRICTED);
  });

  it('reports a relative import into another feature too', async () => {
    const code =
      "import { userInitial } from '../../auth/lib/user-initial';\nexport const probe = userInitial;\n";
    expect(await lintAs('web/src/features/staff-admin/lib/lint-probe.ts', code)).toContain(RESTRICTED);
  });

  it('lets a feature import its own files and the shared layers', async () => {
    const code = [
      "import { getStaff } from '../api/get-staff';",
      "import { Button } from '@/components/ui/button';",
      "import { useAuth } from '@/lib/auth';",
      'export const probe = [getStaff, Button, useAuth];',
      '',
    ].join('\n');
    expect(await lintAs('web/src/features/staff-admin/routes/lint-probe.tsx', code)).toEqual([]);
  });

  it('reports shared code importing a feature', async () => {
    const code = "import { userInitial } from '@/features/auth';\nexport const probe = userInitial;\n";
    expect(await lintAs('web/src/components/ui/lint-probe.tsx', code)).toContain(RESTRICTED);
    expect(await lintAs('web/src/lib/lint-probe.ts', code)).toContain(RESTRICTED);
  });

  it('reports shared code importing app/', async () => {
    const code = "import { Guarded } from '@/app/routes/guarded';\nexport const probe = Guarded;\n";
    expect(await lintAs('web/src/hooks/lint-probe.ts', code)).toContain(RESTRICTED);
  });

  it('reports a feature importing app/', async () => {
    const code = "import { Guarded } from '@/app/routes/guarded';\nexport const probe = Guarded;\n";
    expect(await lintAs('web/src/features/audit-trail/lint-probe.tsx', code)).toContain(RESTRICTED);
  });

  it('lets app/ import features', async () => {
    const code =
      "import { AuditTrailRoute } from '@/features/audit-trail';\nexport const probe = AuditTrailRoute;\n";
    expect(await lintAs('web/src/app/routes/lint-probe.tsx', code)).toEqual([]);
  });

  it('reports a screen using Radix directly instead of a components/ui primitive', async () => {
    const code = "import { Dialog } from 'radix-ui';\nexport const probe = Dialog;\n";
    expect(await lintAs('web/src/features/audit-trail/components/lint-probe.tsx', code)).toContain(
      'no-restricted-imports',
    );
    expect(await lintAs('web/src/components/ui/lint-probe.tsx', code)).toEqual([]);
  });

  it('reports an import cycle', async () => {
    const path = 'eslint/fixtures/web/cycle/ledger.js';
    const code = readFileSync(new URL(`../${path}`, import.meta.url), 'utf8').replace(
      /^\/\/ eslint-disable-next-line.*\n/m,
      '',
    );
    expect(await lintAs(path, code)).toContain('import-x/no-cycle');
  });
});
