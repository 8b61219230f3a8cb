/**
 * A release's files as nginx serves them: hard links to every file of a dist, in a folder no build
 * touches, checked against the manifest they came with. A build may swap and delete the dist while
 * its links are made; the snapshot is then made again from the new dist.
 */
import { closeSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { MANIFEST_FILE } from '../contract/layout.ts';
import { filesOnDisk, type Manifest } from '../contract/manifest.ts';

export interface Snapshot { dir: string; release: string; identity: string }

let made = 0;

function linkTree(from: string, to: string): void {
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const target = join(to, relative(from, join(entry.parentPath, entry.name)));
    mkdirSync(dirname(target), { recursive: true });
    linkSync(join(entry.parentPath, entry.name), target);
  }
}

/** Every file the manifest lists is there with its size; throws otherwise. */
function check(dir: string): { release: string } {
  const manifest: Manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
  for (const [key, file] of Object.entries(manifest.files)) {
    for (const { path, bytes } of filesOnDisk(key, file)) {
      if (statSync(join(dir, path)).size !== bytes) throw new Error(`${path} is not the manifest's size`);
    }
  }
  return { release: manifest.release.id };
}

export const manifestIdentity = (dir: string): string => {
  const stats = statSync(join(dir, MANIFEST_FILE));
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
};

/**
 * A checked snapshot of the dist at `distDir` under `parent`. Its files are linked through a
 * descriptor of the dist's directory (Linux: /proc/self/fd), so all of them come from one tree even
 * if a build swaps another in meanwhile.
 */
export function snapshot(distDir: string, parent: string, attempts = 3): Snapshot {
  for (let attempt = 1; ; attempt++) {
    const dir = join(parent, String(++made));
    const fd = openSync(distDir, 'r');
    try {
      const pinned = `/proc/self/fd/${fd}`;
      const tree = statSync(pinned).ino === statSync(distDir).ino ? pinned : distDir;
      const identity = manifestIdentity(tree);
      linkTree(tree, dir);
      const { release } = check(dir);
      return { dir, release, identity };
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      if (attempt >= attempts) throw error;
    } finally {
      closeSync(fd);
    }
  }
}

/** The worker processes of an nginx master (Linux: /proc). */
export function workersOf(master: number): number[] {
  try {
    return readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
