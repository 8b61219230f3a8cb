/**
 * The upload directory of a dist for the edge (contract/edge-upload.ts): the files uploaded alone
 * hard-linked from the dist (copied where a link cannot be made), the bundles written, and the edge's
 * index beside them, in a staging tree swapped in whole. Every file is checked against the manifest's
 * SHA-256 on the way, so a damaged dist is refused before anything is sent. An upload already made
 * from the same manifest is kept as it is.
 */
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { EDGE_LIMITS, EDGE_RELEASE_FILE, planUpload, type EdgeRelease, type UploadPlan } from '../../contract/edge-upload.ts';
import { MANIFEST_FILE } from '../../contract/layout.ts';
import { readManifest } from '../../contract/manifest-files.ts';

/** Where the upload of `distDir` goes unless told: `dist-edge` beside `dist`. */
export const defaultUploadDir = (distDir: string): string => join(dirname(distDir), `${basename(distDir)}-edge`);

export interface Upload {
  dir: string;
  plan: UploadPlan;
  release: string;
  reused: boolean;
}

/** The bytes of a dist file, refused unless they are the ones its manifest names. */
function checkedBytes(distDir: string, key: string, bytes: number, sha256: string): Buffer {
  const path = join(distDir, key);
  const content = readFileSync(path);
  if (content.length !== bytes || createHash('sha256').update(content).digest('hex') !== sha256) {
    throw new Error(
      `${path} is not the file its manifest names (${content.length} bytes, ${bytes} expected, or another SHA-256); rebuild or \`npm run verify\` it`,
    );
  }
  return content;
}

function place(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV' && (error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    copyFileSync(from, to);
  }
}

/** Makes (or keeps) the upload of the dist at `distDir` in `uploadDir`; throws EdgeLimitError past a platform limit. */
export function buildUpload(distDir: string, uploadDir = defaultUploadDir(distDir), limits = EDGE_LIMITS): Upload {
  const { head, files } = readManifest(distDir);
  const manifestSha256 = createHash('sha256')
    .update(readFileSync(join(distDir, MANIFEST_FILE)))
    .digest('hex');
  const plan = planUpload(head, files, manifestSha256, limits);
  const made = { dir: uploadDir, plan, release: head.release.id };
  try {
    const kept = JSON.parse(readFileSync(join(uploadDir, EDGE_RELEASE_FILE), 'utf8')) as EdgeRelease;
    if (kept.manifest_sha256 === manifestSha256) return { ...made, reused: true };
  } catch {
    /* none yet, or not whole: made again */
  }

  const staging = `${uploadDir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const dirs = new Set<string>();
  const ensureDir = (path: string) => {
    const dir = dirname(path);
    if (dirs.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    dirs.add(dir);
  };
  try {
    for (const { key, bytes } of plan.copied) {
      const to = join(staging, key);
      ensureDir(to);
      place(join(distDir, key), to);
      // The edge states the manifest's size and SHA-256: a file otherwise is a dist not whole.
      checkedBytes(staging, key, bytes, files.get(key)!.sha256);
    }
    for (const bundle of plan.bundled) {
      const to = join(staging, bundle.path);
      ensureDir(to);
      const fd = openSync(to, 'w');
      try {
        for (const part of bundle.parts) writeSync(fd, checkedBytes(distDir, part.key, part.bytes, part.sha256));
      } finally {
        closeSync(fd);
      }
    }
    for (const { path, text } of plan.written) {
      ensureDir(join(staging, path));
      writeFileSync(join(staging, path), text);
    }
    const previous = `${uploadDir}.old-${process.pid}`;
    if (existsSync(uploadDir)) renameSync(uploadDir, previous);
    renameSync(staging, uploadDir);
    rmSync(previous, { recursive: true, force: true });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return { ...made, reused: false };
}
