/**
 * What `npm run import` writes from the pinned upstreams, run once per set of inputs and kept in the temp dir as
 * the test dists are: under a digest of everything the import reads (data/, with its curated files; build/ and
 * contract/; package-lock.json, which pins every npm upstream; dpkg's status, which names every Debian upstream's
 * version; the Node and ICU versions), so a change to any of them imports again.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashFolders } from './dist.ts';
import { DATA_DIR, ROOT } from './paths.ts';

const DPKG_STATUS = '/var/lib/dpkg/status';
const PREFIX = 'country-test-import-';

/** Imports of other inputs, made over an hour ago: another checkout's run may be reading a newer one. */
function removeOldImports(): void {
  for (const name of readdirSync(tmpdir()).filter((entry) => new RegExp(`^${PREFIX}[0-9a-f]{16}$`).test(entry))) {
    try {
      if (Date.now() - statSync(join(tmpdir(), name)).mtimeMs > 3600_000) rmSync(join(tmpdir(), name), { recursive: true, force: true });
    } catch {
      /* gone already */
    }
  }
}

function inputsDigest(): string {
  const hash = hashFolders(createHash('sha256'), { data: DATA_DIR, build: join(ROOT, 'build'), contract: join(ROOT, 'contract') });
  hash.update(readFileSync(join(ROOT, 'package-lock.json')));
  hash.update(existsSync(DPKG_STATUS) ? readFileSync(DPKG_STATUS) : 'no dpkg');
  return hash.update(`${process.version} ${process.versions.icu}`).digest('hex').slice(0, 16);
}

/** The folder the import wrote its datasets into, for the inputs as they are now. */
export function importedData(): string {
  const dir = join(tmpdir(), `${PREFIX}${inputsDigest()}`);
  // Renamed in whole once the import has written every file: a folder there is a complete import.
  if (existsSync(dir)) return dir;
  removeOldImports();
  const staging = mkdtempSync(`${dir}.staging-`);
  try {
    // `npm run import` is `tsx build/import.ts`: the same loader, without npx's and tsx's own processes.
    execFileSync(process.execPath, ['--import', 'tsx', 'build/import.ts', '--out', staging], { cwd: ROOT, stdio: 'pipe' });
    try {
      renameSync(staging, dir);
    } catch {
      /* another run kept one first */
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return dir;
}
