/**
 * nginx's snapshot of the test dist (nginx/snapshot.ts: a hard link to every file, each checked against the
 * manifest), made once and kept beside the dist as its edge upload is: the dist's name is a digest of what it
 * was built from, so its snapshot holds for as long as it does. Linking and checking every file of the dist (the
 * compressed copies decoded) was most of the CPU of starting nginx for the tiers; that a snapshot is checked, and a
 * damaged release refused whole, nginx-snapshot.test.ts shows.
 */
import { chmodSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { MANIFEST_FILE } from '../../contract/layout.ts';
import { manifestIdentity, type Snapshot, snapshot } from '../../nginx/snapshot.ts';
import { builtDist } from './dist.ts';

let kept: Snapshot | undefined;

const NOTE = 'snapshot.json';

/** The kept snapshot in `dir`, if there is one whose manifest is the test dist's own (the same file, not a rebuilt one). */
function found(dir: string, dist: string): Snapshot | undefined {
  try {
    const { name, release } = JSON.parse(readFileSync(join(dir, NOTE), 'utf8'));
    if (statSync(join(dir, name, MANIFEST_FILE)).ino !== statSync(join(dist, MANIFEST_FILE)).ino) return undefined;
    return { dir: join(dir, name), release, identity: manifestIdentity(dist) };
  } catch {
    return undefined; // none kept, or half removed
  }
}

/** The kept snapshot of the test dist, made now if there is none: to pass as startNginx's `snapshot`. */
export function testSnapshot(): Snapshot {
  if (kept) return kept;
  const dist = builtDist();
  const dir = `${dist}-nginx`;
  let made = found(dir, dist);
  if (!made) {
    rmSync(dir, { recursive: true, force: true });
    // Made aside and renamed in whole, so a lane never finds one half made; nginx's workers read it.
    const staging = mkdtempSync(`${dir}.staging-`);
    chmodSync(staging, 0o755);
    try {
      const { dir: folder, release } = snapshot(dist, staging);
      writeFileSync(join(staging, NOTE), `${JSON.stringify({ name: basename(folder), release })}\n`);
      try {
        renameSync(staging, dir);
      } catch {
        /* another lane kept one first */
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
    made = found(dir, dist);
    if (!made) throw new Error(`no snapshot of ${dist} in ${dir}`);
  }
  kept = made;
  return kept;
}
