/**
 * The dist the bench serves: ./dist (or --dist DIR) when its manifest was built from the data as it is
 * now (release.data_sha256 equals the digest of data/), has its columns and is not older than the code
 * that writes it (the gateway's own rule at start, which would otherwise rebuild it during a cold start),
 * else a fresh build into it, the way `npm start` builds a stale dist: as a child process, never by
 * importing the build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { dataDigest } from '../build/write/manifest.ts';
import { staleReason } from '../launch/freshness.ts';

export const ROOT = join(import.meta.dirname, '..');

function builtFrom(distDir: string): string | undefined {
  const manifest = join(distDir, 'manifest.json');
  if (!existsSync(manifest)) return undefined;
  // data_sha256 sits near the end of a large file: find it without parsing the whole manifest.
  return /"data_sha256":\s*"([0-9a-f]{64})"/.exec(readFileSync(manifest, 'latin1'))?.[1];
}

export function upToDateDist(distDir: string): string {
  const dataDir = join(ROOT, 'data');
  const files = fg.sync('**/*.json', { cwd: dataDir }).map((name) => ({ name, bytes: readFileSync(join(dataDir, name)) }));
  const digest = dataDigest(files);
  const current = builtFrom(distDir);
  const columns = existsSync(join(distDir, 'manifest.columns.json'));
  const older = staleReason(distDir, dataDir, join(ROOT, 'build'), join(ROOT, 'contract', 'client'));
  if (current === digest && columns && !older) {
    console.log(`bench: ${distDir} is built from the current data (${digest.slice(0, 12)})`);
    return distDir;
  }
  const why = !current
    ? 'has no manifest'
    : current !== digest
      ? `was built from other data (${current.slice(0, 12)})`
      : !columns
        ? 'has no manifest.columns.json'
        : older;
  console.log(`bench: ${distDir} ${why}; building it`);
  const build = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'build', 'build.ts'), '--out', distDir], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the build failed (exit ${build.status ?? build.signal})`);
  return distDir;
}
