import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

/**
 * Lints `code` as if it lived at `filePath` (relative to the repository root) with the real config.
 * Type-aware rules are switched off because the file need not exist; the boundary rules resolve the
 * imports it makes against the real tree, so import real files.
 */
export async function lintAs(filePath, code) {
  const eslint = new ESLint({
    cwd: new URL('..', import.meta.url).pathname,
    overrideConfig: tseslint.configs.disableTypeChecked,
  });
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}
