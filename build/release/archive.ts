/**
 * A release archive (`.tar.zst`): a zstd skippable frame holding a small JSON header (the release and
 * the size and SHA-256 of what follows), then one tar of manifest.json and the response files,
 * compressed with a 128 MiB window, which spans the per-locale near-copies of each response.
 * Plain `zstd -d | tar -x` reads it too: zstd passes over a skippable frame.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tarFiles } from './tar.ts';

const FORMAT = 'country-reference-release';
const FORMAT_VERSION = 1;
const SKIPPABLE_FRAME = 0x184d2a50;
/** Level 12: a little larger than level 19 in a fraction of its time; the window is what makes it small (bench/README.md). Any -T gives the same bytes. */
const COMPRESS = ['-12', '--long=27', '-T0'];
const DECOMPRESS = ['-d', '--long=27'];

export interface ArchiveHeader {
  format: string;
  format_version: number;
  release: string;
  payload_bytes: number;
  payload_sha256: string;
}

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * zstd over a whole buffer. The tar is held in memory whole, which is simpler than streaming it and
 * well within a build machine's memory (its size is in bench/README.md).
 */
function zstd(args: string[], input: Buffer, command: string): Buffer {
  const result = spawnSync('zstd', [...args, '-q', '-c'], { input, maxBuffer: 2 ** 32 });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error(`${command} needs the zstd command; install it (Debian: apt-get install -y zstd)`);
  }
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`zstd ${args.join(' ')} failed (exit ${result.status}): ${result.stderr.toString().trim()}`);
  return result.stdout;
}

/** The archive of a tar (as its parts), with its header. */
export function writeArchive(release: string, tarParts: Buffer[], command: string): Buffer {
  const payload = zstd(COMPRESS, Buffer.concat(tarParts), command);
  const header: ArchiveHeader = { format: FORMAT, format_version: FORMAT_VERSION, release, payload_bytes: payload.length, payload_sha256: sha256(payload) };
  const json = Buffer.from(`${JSON.stringify(header)}\n`);
  const frame = Buffer.alloc(8);
  frame.writeUInt32LE(SKIPPABLE_FRAME, 0);
  frame.writeUInt32LE(json.length, 4);
  return Buffer.concat([frame, json, payload]);
}

/** Checks an archive's payload against its header, before anything is decompressed; returns the header and the tar. */
export function readArchive(file: string, command: string): { header: ArchiveHeader; tar: Buffer } {
  const bytes = readFileSync(file);
  const length = bytes.length >= 8 && bytes.readUInt32LE(0) === SKIPPABLE_FRAME ? bytes.readUInt32LE(4) : 0;
  let header: ArchiveHeader | undefined;
  try {
    if (length && 8 + length <= bytes.length) header = JSON.parse(bytes.toString('utf8', 8, 8 + length));
  } catch {
    /* not ours: said below */
  }
  if (header?.format !== FORMAT) throw new Error(`${file} is not a release archive written by npm run pack-dist`);
  if (header.format_version !== FORMAT_VERSION)
    throw new Error(`${file} is a release archive of format ${header.format_version}; this version reads ${FORMAT_VERSION}`);
  const payload = bytes.subarray(8 + length);
  if (payload.length !== header.payload_bytes) {
    throw new Error(
      `${file} is ${payload.length < header.payload_bytes ? 'truncated' : 'longer than written'}: its header says ${header.payload_bytes} bytes follow it, ${payload.length} do`,
    );
  }
  const actual = sha256(payload);
  if (actual !== header.payload_sha256)
    throw new Error(`${file} is damaged: what follows its header has SHA-256 ${actual}, the header says ${header.payload_sha256}`);
  return { header, tar: zstd(DECOMPRESS, payload, command) };
}

/** manifest.json of a release archive (its first file). */
export function archiveManifest(file: string, command: string): Buffer {
  const first = tarFiles(readArchive(file, command).tar).next();
  if (first.done || first.value.path !== 'manifest.json') throw new Error(`${file} does not begin with manifest.json`);
  return first.value.bytes;
}
