/**
 * What a dist becomes on the CDN edge (Cloudflare Workers Static Assets), read by the edge and written
 * by its upload (edge/node/upload.ts): every response file at its own key, as built, so an upload of a
 * new release moves only the files whose bytes changed (the platform keeps assets by content hash);
 * and, under _edge/, what the edge needs to answer without reading a file:
 *
 *   _edge/release.json          the manifest's head (contract/release.ts) and the SHA-256 of manifest.json
 *   _edge/files/<shard>.json    { rest: [sha256, bytes] } for the files of one locale (`v1/_locale/<tag>/<rest>`),
 *                               shard `_` for every other file (rest is then the whole key)
 *
 * Left out: the .br/.gz copies (the platform compresses on its own), manifest.json and its columns,
 * and the nginx config. The edge never serves a key it did not plan (contract/plan.ts), so _edge/ and
 * the search index are read only through its binding.
 */
import { contentLanguageOf, NGINX_CONFIG_FILE } from './layout.ts';
import type { DistFile, ManifestHead } from './manifest.ts';

/** Workers Static Assets on the paid plan: files per Worker version, and bytes per file. */
export const EDGE_LIMITS = { files: 100_000, fileBytes: 25 * 2 ** 20 };
export const EDGE_RELEASE_FILE = '_edge/release.json';
export const ROOT_SHARD = '_';
const LOCALE_DIR = 'v1/_locale/';

export interface EdgeRelease { manifest_sha256: string; head: ManifestHead }
/** A shard of the file index: rest -> [sha256, bytes]. */
export type EdgeShard = Record<string, [string, number]>;

export const shardFile = (shard: string): string => `_edge/files/${shard}.json`;

/** The shard a key's entry is in, and its name there. */
export function shardOf(key: string): { shard: string; rest: string } {
  if (!key.startsWith(LOCALE_DIR)) return { shard: ROOT_SHARD, rest: key };
  const end = key.indexOf('/', LOCALE_DIR.length);
  return { shard: key.slice(LOCALE_DIR.length, end), rest: key.slice(end + 1) };
}

/** An upload the platform would refuse: the message names the limit. */
export class EdgeLimitError extends Error {}

export interface UploadPlan {
  /** Dist files uploaded as they are, by key. */
  copied: { key: string; bytes: number }[];
  /** Files made for the edge, by path. */
  written: { path: string; text: string }[];
  files: number;
  bytes: number;
}

const count = (number: number) => number.toLocaleString('en');

/** The upload of a dist with `head` and `files`; throws EdgeLimitError where a limit of `limits` is passed. */
export function planUpload(head: ManifestHead, files: ReadonlyMap<string, DistFile>, manifestSha256: string, limits = EDGE_LIMITS): UploadPlan {
  const copied: UploadPlan['copied'] = [];
  // A shard for every locale, empty where each answer is its fallback's: a shard missing is an upload gone wrong.
  const shards = new Map<string, EdgeShard>([[ROOT_SHARD, {}]]);
  for (const { tag } of head.locales) if (tag !== head.default_locale) shards.set(tag, {});
  for (const [key, file] of files) {
    if (key === NGINX_CONFIG_FILE) continue;
    // The edge gives a file the language its key names: a dist saying otherwise would be answered otherwise than by the gateway.
    if (file.contentLanguage !== contentLanguageOf(key, head.default_locale)) throw new Error(`${key}: content_language ${file.contentLanguage} is not the one its key names`);
    if (file.bytes > limits.fileBytes) {
      throw new EdgeLimitError(`${key} has ${count(file.bytes)} bytes; Workers Static Assets take at most ${count(limits.fileBytes)} bytes (25 MiB) per file`);
    }
    copied.push({ key, bytes: file.bytes });
    const { shard, rest } = shardOf(key);
    const entries = shards.get(shard);
    if (!entries) throw new Error(`${key} is in the folder of ${shard}, which is no locale of the manifest`);
    entries[rest] = [file.sha256, file.bytes];
  }
  const release: EdgeRelease = { manifest_sha256: manifestSha256, head };
  const written = [{ path: EDGE_RELEASE_FILE, text: JSON.stringify(release) }];
  for (const [shard, entries] of shards) written.push({ path: shardFile(shard), text: JSON.stringify(entries) });
  const encoder = new TextEncoder();
  let bytes = copied.reduce((sum, file) => sum + file.bytes, 0);
  for (const { path, text } of written) {
    const size = encoder.encode(text).length;
    if (size > limits.fileBytes) throw new EdgeLimitError(`${path} would have ${count(size)} bytes; Workers Static Assets take at most ${count(limits.fileBytes)} per file`);
    bytes += size;
  }
  const fileCount = copied.length + written.length;
  if (fileCount > limits.files) {
    throw new EdgeLimitError(`the upload would have ${count(fileCount)} files; Workers Static Assets take at most ${count(limits.files)} per Worker version (paid plan)`);
  }
  return { copied, written, files: fileCount, bytes };
}
