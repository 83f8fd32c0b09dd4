import { describe, expect, it } from 'vitest';
import { lintAs } from './lint-as.js';

describe('the real ESLint config', () => {
  it('lints a clean contracts file with no message', async () => {
    expect(await lintAs('packages/contracts/src/lint-probe.ts', 'export const probe = 1;\n')).toEqual([]);
  });

  it('reports a rule by its id', async () => {
    expect(await lintAs('packages/contracts/src/lint-probe.ts', 'var probe = 1;\n')).toContain('no-var');
  });
});
