/**
 * A dist opened for serving: the release (what resolving a request needs, contract/release.ts) and
 * the file table of its manifest, the only paths the gateway will ever read. A file is read whole
 * and checked before anything of it is sent: its size and SHA-256, and a compressed copy by decoding
 * it back to that SHA-256, so a damaged copy is never served.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SUFFIX, type Coding } from '../contract/layout.ts';
import { readManifest, type ReadOptions } from '../contract/manifest-files.ts';
import type { DistFile } from '../contract/manifest.ts';
import { releaseInfo, type ReleaseInfo } from '../contract/release.ts';

export { DistError } from '../contract/manifest-files.ts';

export interface Dist {
  /** Where its files are read from: the directory given, or a path pinned to it (live-dist.ts). */
  dir: string;
  release: ReleaseInfo;
  files: ReadonlyMap<string, DistFile>;
  /** The SHA-256 manifest.json must have (the one its columns were derived from); null when it was read itself. */
  manifestSha256: string | null;
}

/** Opens the dist at `dir`; throws DistError saying what is wrong with it. */
export function openDist(dir: string, options: ReadOptions = {}): Dist {
  const { head, files, manifestSha256 } = readManifest(dir, options);
  return { dir: options.readFrom ?? dir, release: releaseInfo(head), files, manifestSha256 };
}

/**
 * A file of the manifest that is not on disk as the manifest says: gone (a newer build deleted the tree
 * this dist was opened from), of another size, or other bytes. A newer dist may answer the request
 * instead (live-dist.ts); a damaged file is never sent.
 */
export class UnreadableFile extends Error {
  /** Not on disk at all (ENOENT), as opposed to there with other bytes. */
  constructor(
    message: string,
    readonly missing = false,
  ) {
    super(message);
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const DECODE = { br: brotliDecompressSync, gzip: gunzipSync };

/**
 * The bytes of `key` (a manifest key) in `coding`, checked: the size the manifest gives, and the
 * SHA-256 of the file as built (a copy decoded first). Read synchronously: see docs/gateway.md.
 */
export function readFile(dist: Dist, key: string, coding: Coding): Buffer {
  const file = dist.files.get(key);
  const expected = coding === 'identity' ? file?.bytes : file?.encodings[coding];
  const path = key + SUFFIX[coding];
  if (expected === undefined) throw new Error(`${path} is not in the manifest`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(dist.dir, path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new UnreadableFile(`${path} is gone (${code})`, true);
    throw error;
  }
  if (bytes.length !== expected) throw new UnreadableFile(`${path} has ${bytes.length} bytes, the manifest says ${expected}`);
  let decoded: Buffer;
  try {
    decoded = coding === 'identity' ? bytes : DECODE[coding](bytes, { maxOutputLength: file!.bytes + 1 });
  } catch (error) {
    throw new UnreadableFile(`${path} does not decode (${(error as Error).message})`);
  }
  if (sha256(decoded) !== file!.sha256) throw new UnreadableFile(`${path} has other bytes than the manifest's SHA-256`);
  return bytes;
}
