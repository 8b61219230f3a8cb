/**
 * Writes response files into a dist tree and records each in the manifest: the request(s) it answers,
 * its size, its SHA-256 (the ETag), its Content-Language, and which precompressed copies exist
 * (a .br or .gz copy is kept only where it is smaller).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESS_FROM_BYTES } from '../../contract/layout.ts';
import type { ManifestFile } from '../../contract/manifest.ts';

const LARGE = 64 * 1024;

/**
 * Brotli settings by size. A window sized to the body makes small files much faster to compress than
 * the default window; large lists use quality 6, far faster than 9 for a few more bytes (figures:
 * bench/README.md).
 */
function brotliOptions(size: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: size > LARGE ? 6 : 9,
      [constants.BROTLI_PARAM_LGWIN]: Math.min(24, Math.max(16, Math.ceil(Math.log2(size + 1)))),
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  };
}

export type { ManifestFile };

export interface WriteOptions {
  requests: string[];
  contentLanguage?: string | null;
}

export class DistWriter {
  readonly files = new Map<string, ManifestFile>();
  private readonly directories = new Set<string>();
  totalBytes = 0;
  compressedBytes = 0;

  constructor(private readonly root: string) {}

  /** Writes one response. `path` is relative to the dist root, e.g. `v1/countries/BR.json`. */
  writeJson(path: string, body: unknown, options: WriteOptions): void {
    this.writeFile(path, Buffer.from(JSON.stringify(body)), options);
  }

  writeFile(path: string, bytes: Buffer, options: WriteOptions): void {
    if (this.files.has(path)) throw new Error(`dist: ${path} written twice`);
    const file = join(this.root, path);
    this.ensureDirectory(dirname(file));
    writeFileSync(file, bytes);
    const entry: ManifestFile = {
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      content_language: options.contentLanguage ?? null,
      requests: options.requests,
      encodings: {},
    };
    if (bytes.length >= COMPRESS_FROM_BYTES) this.compress(file, bytes, entry);
    this.files.set(path, entry);
    this.totalBytes += bytes.length;
  }

  private ensureDirectory(directory: string): void {
    if (this.directories.has(directory)) return;
    mkdirSync(directory, { recursive: true });
    this.directories.add(directory);
  }

  private compress(file: string, bytes: Buffer, entry: ManifestFile): void {
    const br = brotliCompressSync(bytes, brotliOptions(bytes.length));
    if (br.length < bytes.length) {
      writeFileSync(`${file}.br`, br);
      entry.encodings.br = br.length;
      this.compressedBytes += br.length;
    }
    const gz = gzipSync(bytes, { level: bytes.length > LARGE ? 6 : 9 });
    if (gz.length < bytes.length) {
      writeFileSync(`${file}.gz`, gz);
      entry.encodings.gzip = gz.length;
      this.compressedBytes += gz.length;
    }
  }
}

/** Merges the file tables of several writers, sorted by path so that two builds are identical. */
export function sortedFiles(tables: Iterable<[string, ManifestFile]>): Record<string, ManifestFile> {
  const sorted: Record<string, ManifestFile> = {};
  for (const [path, entry] of [...tables].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) sorted[path] = entry;
  return sorted;
}
