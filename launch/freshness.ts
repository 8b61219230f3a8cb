/**
 * Whether dist/ must be (re)built before serving: it is missing, or some file in data/, build/ (the
 * code that writes dist, the form page's sources) or contract/client/ (the modules the page shares) is
 * newer than its manifest; and the build itself, run as a child process (never imported: nothing that
 * serves imports build/). Without a data/ directory (a deployed copy of dist alone) there is nothing to
 * build from.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestFileTime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Why dist needs a build, or undefined when it does not (or cannot be built here: no data/). */
export function staleReason(distDir: string, dataDir: string, ...sourceDirs: string[]): string | undefined {
  if (!existsSync(dataDir)) return undefined;
  const manifest = join(distDir, 'manifest.json');
  if (!existsSync(manifest)) return `${manifest} is missing`;
  const built = statSync(manifest).mtimeMs;
  const changed = [dataDir, ...sourceDirs].find((dir) => existsSync(dir) && newestFileTime(dir) > built);
  return changed && `${changed} has changed since ${manifest} was built`;
}

/** Builds `distDir` from the repository's data/ when it is stale; a problem line when the build failed. */
export function buildIfStale(distDir: string, say: (line: string) => void): string | undefined {
  const root = join(import.meta.dirname, '..');
  const reason = staleReason(distDir, join(root, 'data'), join(root, 'build'), join(root, 'contract', 'client'));
  if (!reason) return undefined;
  say(`${reason}; building it (npm run build: a minute or two, a line per stage)`);
  const build = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'build', 'build.ts'), '--out', distDir], { cwd: root, stdio: 'inherit' });
  return build.status === 0 ? undefined : `the build failed (exit ${build.status ?? build.signal}); see its output above`;
}
