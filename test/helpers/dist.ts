/**
 * One real dist/ for every gateway test in a run: built by build/build.ts (as a child process, the
 * way `npm start` does) into the temp dir, keyed by a hash of data/ and build/, and reused while
 * neither changes. A build swaps its tree in only when complete, so a manifest means a whole dist.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_DIR, ROOT } from './paths.ts';

const PREFIX = 'country-test-dist-';
let built: string | undefined;

function sourcesDigest(): string {
  const hash = createHash('sha256');
  for (const dir of [DATA_DIR, join(ROOT, 'build')]) {
    const names = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    for (const name of names) hash.update(`${name}\0`).update(readFileSync(name));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Trees of earlier data or build code are 0.9 GB each: keep only the current one. */
function removeOtherBuilds(keep: string): void {
  for (const name of readdirSync(tmpdir())) {
    if (name.startsWith(PREFIX) && join(tmpdir(), name) !== keep) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

export function builtDist(): string {
  if (built) return built;
  const dir = join(tmpdir(), `${PREFIX}${sourcesDigest()}`);
  if (!existsSync(join(dir, 'manifest.json'))) {
    removeOtherBuilds(dir);
    execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'build', 'build.ts'), '--out', dir], {
      cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return (built = dir);
}
