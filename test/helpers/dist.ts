/**
 * One real dist/ for every test in a run: built by build/build.ts (as a child process, the
 * way `npm start` does) into the temp dir, keyed by a hash of data/, build/ and contract/, and reused while
 * neither changes. A build swaps its tree in only when complete, so a manifest means a whole dist.
 * A test may ask for the dist of another data folder (a copy of data/ with a change) the same way.
 */
import { execFileSync } from 'node:child_process';
import { createHash, type Hash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { staleReason } from '../../launch/freshness.ts';
import { DATA_DIR, ROOT } from './paths.ts';

const PREFIX = 'country-test-dist-';
const built = new Map<string, string>();

/** The release date the build would give `dataDir` (build/build.ts): from git, or none for a copy outside it or with changes. */
function releaseDateInput(dataDir: string): string {
  if (process.env.SOURCE_DATE_EPOCH) return `epoch ${process.env.SOURCE_DATE_EPOCH}`;
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dataDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return git('status', '--porcelain', '--', '.') ? 'none' : git('log', '-1', '--format=%cs', '--', '.');
  } catch {
    return 'none';
  }
}

/**
 * By names relative to each folder, so a copy of data/ with the same content has the same digest wherever
 * it is; and by the release date it gets, so checkouts sharing the temp dir never share a dist dated otherwise.
 */
function sourcesDigest(dataDir: string): string {
  const hash = createHash('sha256').update(`release date ${releaseDateInput(dataDir)}\0`);
  hashFolders(hash, { data: dataDir, build: join(ROOT, 'build'), contract: join(ROOT, 'contract') });
  return hash.digest('hex').slice(0, 16);
}

/** Adds every file of each folder to `hash`, by its label and its name relative to the folder, in a fixed order. */
export function hashFolders(hash: Hash, folders: Record<string, string>): Hash {
  for (const [label, dir] of Object.entries(folders)) {
    const names = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    for (const name of names) hash.update(`${label}/${relative(dir, name)}\0`).update(readFileSync(name));
  }
  return hash;
}

/** Beside each dist: touched whenever a run takes the dist, so a dist built long ago but in use is kept. */
const usedStamp = (dir: string) => `${dir}.used`;
const marked = new Map<string, number>();

function markUsed(dir: string): void {
  if (Date.now() - (marked.get(dir) ?? 0) < 60_000) return;
  marked.set(dir, Date.now());
  const now = new Date();
  try {
    utimesSync(usedStamp(dir), now, now);
  } catch {
    writeFileSync(usedStamp(dir), '');
  }
}

/**
 * Trees of earlier data or build code are 0.9 GB each: remove complete ones neither built nor used for an
 * hour. Staging trees and dists used lately may belong to a test run going on right now in the same temp dir.
 */
function removeOldBuilds(keep: string): void {
  for (const name of readdirSync(tmpdir())) {
    const dir = join(tmpdir(), name);
    if (!new RegExp(`^${PREFIX}[0-9a-f]{16}$`).test(name) || dir === keep) continue;
    try {
      const used = Math.max(statSync(join(dir, 'manifest.json')).mtimeMs, statSync(usedStamp(dir), { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (Date.now() - used > 3600_000) {
        rmSync(dir, { recursive: true, force: true });
        // Its edge upload and the Worker bundled for it (helpers/edge.ts), hard links but for the edge's index.
        rmSync(`${dir}-edge`, { recursive: true, force: true });
        rmSync(`${dir}-edge-worker`, { recursive: true, force: true });
        // nginx's snapshot of it (helpers/kept-snapshot.ts), hard links.
        rmSync(`${dir}-nginx`, { recursive: true, force: true });
        // Its release archive (release-archive.test.ts).
        for (const packed of readdirSync(tmpdir()).filter((other) => other.startsWith(`${name}.release-`))) rmSync(join(tmpdir(), packed), { force: true });
        rmSync(usedStamp(dir), { force: true });
      }
    } catch {
      /* gone already, or not ours to judge */
    }
  }
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Test runs may overlap (two shells, one checkout): the first to take `<dir>.lock` builds, the others
 * wait for its manifest rather than swapping a second tree over one in use. A lock older than a build
 * could take is a crashed run's, and is broken.
 */
function buildOnce(dir: string, dataDir: string): void {
  const lock = `${dir}.lock`;
  while (!existsSync(join(dir, 'manifest.json'))) {
    try {
      mkdirSync(lock);
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        /* released meanwhile */
      }
      sleep(1000);
      continue;
    }
    try {
      if (!existsSync(join(dir, 'manifest.json'))) {
        removeOldBuilds(dir);
        execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'build', 'build.ts'), '--data', dataDir, '--out', dir], {
          cwd: ROOT,
          stdio: ['ignore', 'ignore', 'inherit'],
        });
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

export function builtDist(dataDir = DATA_DIR): string {
  if (!built.has(dataDir)) {
    const dir = join(tmpdir(), `${PREFIX}${sourcesDigest(dataDir)}`);
    buildOnce(dir, dataDir);
    // The digest says this dist is built from these very sources. A checkout whose files are newer by date (a
    // new clone or worktree sharing the temp dir) would have `npm start`'s date check build over it in place.
    if (dataDir === DATA_DIR && staleReason(dir, DATA_DIR, join(ROOT, 'build'), join(ROOT, 'contract', 'client'))) {
      const now = new Date();
      utimesSync(join(dir, 'manifest.json'), now, now);
    }
    built.set(dataDir, dir);
  }
  markUsed(built.get(dataDir)!);
  return built.get(dataDir)!;
}
