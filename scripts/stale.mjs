// Shared by the build-*-if-stale scripts that `npm start` runs: is a build output older than anything
// it is built from? Modification times only, so a start with an unchanged tree costs a directory walk.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..');

/** Newest modification time under `path` (a file or a folder, walked), 0 when it does not exist. */
function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs; // a deleted file shows only as its folder's change
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/**
 * Why `built` (relative to `root`, the repository's by default) must be rebuilt from `sources` (relative paths, files or
 * folders), or null when it is up to date.
 */
export function staleReason(built, sources, root = ROOT) {
  let builtAt;
  try {
    builtAt = statSync(join(root, built)).mtimeMs;
  } catch {
    return `${built} is missing`;
  }
  const changed = sources.find((s) => newest(join(root, s)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}
