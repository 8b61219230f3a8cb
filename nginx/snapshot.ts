/**
 * A release's files as nginx serves them: a hard link to every file the manifest lists, in a folder no
 * build touches, each made read-only and then checked against the manifest's SHA-256 (a compressed copy
 * decoded and checked against its file's). A build never writes a file in place (it writes a new tree
 * and swaps it in), and read-only files refuse a write in place by anyone but root; what is damaged
 * when the snapshot is made is refused, with the whole snapshot, loudly. Copies would shut out root as
 * well, but cost a gigabyte of writes per release (two minutes on a busy disk, against seconds).
 * A build may swap the dist while the links are made: the snapshot is then made again.
 */
import { createHash } from 'node:crypto';
import { chmodSync, closeSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COLUMNS_FILE, MANIFEST_FILE } from '../contract/layout.ts';
import { filesOnDisk, type ManifestFile } from '../contract/manifest.ts';

export interface Snapshot {
  dir: string;
  release: string;
  identity: string;
}

let made = 0;

const DECODE = { identity: (bytes: Buffer) => bytes, br: brotliDecompressSync, gzip: gunzipSync };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What is wrong with `bytes` as the `coding` copy of a file the manifest describes, or undefined. */
function damage(bytes: Buffer, coding: keyof typeof DECODE, expected: { size: number; sha256: string }): string | undefined {
  if (bytes.length !== expected.size) return `${bytes.length} bytes, the manifest says ${expected.size}`;
  try {
    const actual = sha256(DECODE[coding](bytes));
    return actual === expected.sha256 ? undefined : `SHA-256 ${actual}${coding === 'identity' ? '' : ` decoded`}, the manifest says ${expected.sha256}`;
  } catch (error) {
    return `does not decode as ${coding}: ${(error as Error).message}`;
  }
}

/** Links the files the manifest of `from` lists into `to`, read-only, each checked; throws naming every damaged one. */
function linkChecked(from: string, to: string): { release: string } {
  const manifest = JSON.parse(readFileSync(join(from, MANIFEST_FILE), 'utf8'));
  const damaged: string[] = [];
  const folders = new Set<string>();
  for (const [key, file] of Object.entries<ManifestFile>(manifest.files)) {
    for (const { path, bytes, coding } of filesOnDisk(key, file)) {
      let read: Buffer;
      try {
        // Read-only first, then read: what is checked is what stays.
        link(join(from, path), join(to, path), folders);
        read = readFileSync(join(to, path));
      } catch (error) {
        damaged.push(`${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
        continue;
      }
      const wrong = damage(read, coding, { size: bytes, sha256: file.sha256 });
      if (wrong) damaged.push(`${path}: ${wrong}`);
    }
  }
  if (damaged.length > 0) {
    throw new Error(
      `${damaged.length} file(s) of release ${manifest.release.id} differ from its manifest, so it is not served: ${damaged.slice(0, 10).join('; ')}${damaged.length > 10 ? '; …' : ''}`,
    );
  }
  link(join(from, MANIFEST_FILE), join(to, MANIFEST_FILE), folders);
  try {
    link(join(from, COLUMNS_FILE), join(to, COLUMNS_FILE), folders);
  } catch {
    /* an older build wrote none; nginx does not read it */
  }
  return { release: manifest.release.id };
}

/** Links `from` at `to` (its folder made once) and makes the file read-only. */
function link(from: string, to: string, folders: Set<string>): void {
  const dir = dirname(to);
  if (!folders.has(dir)) mkdirSync(dir, { recursive: true });
  folders.add(dir);
  linkSync(from, to);
  chmodSync(to, 0o444);
}

export const manifestIdentity = (dir: string): string => {
  const stats = statSync(join(dir, MANIFEST_FILE));
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
};

const sameTree = (distDir: string, identity: string) => {
  try {
    return manifestIdentity(distDir) === identity;
  } catch {
    return false;
  }
};

/**
 * A checked snapshot of the dist at `distDir` under `parent`. Its files are read through a descriptor
 * of the dist's directory (Linux: /proc/self/fd), so all of them come from one tree even if a build
 * swaps another in meanwhile. A file that differs from the manifest while the dist stayed the same is
 * the dist's own damage, refused at once; if a build swapped the dist meanwhile, it is tried again.
 */
export function snapshot(distDir: string, parent: string, attempts = 3): Snapshot {
  for (let attempt = 1; ; attempt++) {
    const dir = join(parent, String(++made));
    const fd = openSync(distDir, 'r');
    let identity = '';
    try {
      const pinned = `/proc/self/fd/${fd}`;
      const tree = statSync(pinned).ino === statSync(distDir).ino ? pinned : distDir;
      identity = manifestIdentity(tree);
      const { release } = linkChecked(tree, dir);
      return { dir, release, identity };
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      if (attempt >= attempts || (identity && sameTree(distDir, identity))) throw error;
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
