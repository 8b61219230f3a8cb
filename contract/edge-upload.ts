/**
 * What a dist becomes on the CDN edge (Cloudflare Workers Static Assets), read by the edge and written
 * by its upload (edge/node/upload.ts). One file per answer per locale would not fit the platform's file
 * count (100,000 per version) once the record grows, so the answers under an endpoint's folder
 * (countries/, subdivisions/, phone/, ...: the endpoint table's) are bundled per locale: their bytes end
 * to end in bundles of at most BUNDLE_BYTES, which the edge reads whole once per isolate and slices.
 * The list envelopes, the form page, the index and the OpenAPI document stay files of their own.
 *
 *   _edge/release.json            the manifest's head (contract/release.ts) and the SHA-256 of manifest.json
 *   _edge/files/<shard>.json      the file index of one locale (`v1/_locale/<tag>/<rest>`), shard `_` for every
 *                                 other file (rest is then the whole key): { bundles, files: { rest: entry } }
 *   _edge/bundles/<shard>/<folder>.<n>.json   a bundle (the answers are JSON, so is their concatenation's name)
 *
 * Left out: the .br/.gz copies (the platform compresses on its own), manifest.json and its columns,
 * and the nginx config. The edge never serves a key it did not plan (contract/plan.ts), so _edge/ and
 * the search index are read only through its binding.
 */
import { ENDPOINTS, type Endpoint } from './endpoints.ts';
import { contentLanguageOf, NGINX_CONFIG_FILE } from './layout.ts';
import type { DistFile, ManifestHead } from './manifest.ts';

/** Workers Static Assets on the paid plan: files per Worker version, and bytes per file. */
export const EDGE_LIMITS = { files: 100_000, fileBytes: 25 * 2 ** 20 };
/** A bundle's most bytes: one read of it stays short, and a cold isolate holds few. */
export const BUNDLE_BYTES = 2 ** 20;
export const EDGE_RELEASE_FILE = '_edge/release.json';
export const ROOT_SHARD = '_';
const LOCALE_DIR = 'v1/_locale/';

export interface EdgeRelease {
  manifest_sha256: string;
  head: ManifestHead;
}
/** A file of a shard: its SHA-256 and size, and where it is bundled, its bundle's index in `bundles` and its offset there. */
export type EdgeEntry = [sha256: string, bytes: number] | [sha256: string, bytes: number, bundle: number, offset: number];
export interface EdgeShard {
  bundles: string[];
  files: Record<string, EdgeEntry>;
}

export const shardFile = (shard: string): string => `_edge/files/${shard}.json`;
const bundleFile = (shard: string, folder: string, part: number) => `_edge/bundles/${shard}/${folder}.${part}.json`;

/** The shard a key's entry is in, and its name there. */
export function shardOf(key: string): { shard: string; rest: string } {
  if (!key.startsWith(LOCALE_DIR)) return { shard: ROOT_SHARD, rest: key };
  const end = key.indexOf('/', LOCALE_DIR.length);
  return { shard: key.slice(LOCALE_DIR.length, end), rest: key.slice(end + 1) };
}

/** The folders of the answers that have path codes (`countries`, `subdivisions`), from the endpoint table. */
const BUNDLED_FOLDERS = new Set(
  (ENDPOINTS as readonly Endpoint[]).flatMap(({ answer }) => {
    if (answer.kind !== 'file') return [];
    return (typeof answer.rest === 'string' ? [answer.rest] : Object.values(answer.rest))
      .filter((rest) => rest.includes('/'))
      .map((rest) => rest.slice(0, rest.indexOf('/')));
  }),
);

/** The bundle folder of a key, or undefined for a file uploaded alone. */
function folderOf(shard: string, rest: string): string | undefined {
  const path = shard === ROOT_SHARD ? (rest.startsWith('v1/') ? rest.slice(3) : '') : rest;
  const slash = path.indexOf('/');
  return slash > 0 && BUNDLED_FOLDERS.has(path.slice(0, slash)) ? path.slice(0, slash) : undefined;
}

/** An upload the platform would refuse: the message names the limit. */
export class EdgeLimitError extends Error {}

export interface UploadPlan {
  /** Dist files uploaded as they are, by key. */
  copied: { key: string; bytes: number }[];
  /** Bundles: dist files end to end, with the SHA-256 the manifest gives each. */
  bundled: { path: string; bytes: number; parts: { key: string; bytes: number; sha256: string }[] }[];
  /** Files made for the edge, by path. */
  written: { path: string; text: string }[];
  files: number;
  bytes: number;
}

const count = (number: number) => number.toLocaleString('en');
const tooLarge = (path: string, bytes: number, limits: typeof EDGE_LIMITS) =>
  new EdgeLimitError(`${path} has ${count(bytes)} bytes; Workers Static Assets take at most ${count(limits.fileBytes)} bytes (25 MiB) per file`);

/** The upload of a dist with `head` and `files`; throws EdgeLimitError where a limit of `limits` is passed. */
export function planUpload(head: ManifestHead, files: ReadonlyMap<string, DistFile>, manifestSha256: string, limits = EDGE_LIMITS): UploadPlan {
  const copied: UploadPlan['copied'] = [];
  const bundled: UploadPlan['bundled'] = [];
  // A shard for every locale, empty where each answer is its fallback's: a shard missing is an upload gone wrong.
  const shards = new Map<string, EdgeShard>([[ROOT_SHARD, { bundles: [], files: {} }]]);
  for (const { tag } of head.locales) if (tag !== head.default_locale) shards.set(tag, { bundles: [], files: {} });
  const open = new Map<string, { bundle: UploadPlan['bundled'][number]; part: number }>(); // shard/folder -> the bundle being filled
  for (const key of [...files.keys()].sort()) {
    const file = files.get(key)!;
    if (key === NGINX_CONFIG_FILE) continue;
    // The edge gives a file the language its key names: a dist saying otherwise would be answered otherwise than by the gateway.
    if (file.contentLanguage !== contentLanguageOf(key, head.default_locale))
      throw new Error(`${key}: content_language ${file.contentLanguage} is not the one its key names`);
    if (file.bytes > limits.fileBytes) throw tooLarge(key, file.bytes, limits);
    const { shard, rest } = shardOf(key);
    const entries = shards.get(shard);
    if (!entries) throw new Error(`${key} is in the folder of ${shard}, which is no locale of the manifest`);
    const folder = folderOf(shard, rest);
    if (folder === undefined) {
      copied.push({ key, bytes: file.bytes });
      entries.files[rest] = [file.sha256, file.bytes];
      continue;
    }
    let filling = open.get(`${shard}/${folder}`);
    if (!filling || filling.bundle.bytes + file.bytes > Math.min(BUNDLE_BYTES, limits.fileBytes)) {
      const part = filling ? filling.part + 1 : 0;
      filling = { bundle: { path: bundleFile(shard, folder, part), bytes: 0, parts: [] }, part };
      bundled.push(filling.bundle);
      open.set(`${shard}/${folder}`, filling);
      entries.bundles.push(filling.bundle.path);
    }
    const { bundle } = filling;
    entries.files[rest] = [file.sha256, file.bytes, entries.bundles.length - 1, bundle.bytes];
    bundle.parts.push({ key, bytes: file.bytes, sha256: file.sha256 });
    bundle.bytes += file.bytes;
  }
  const release: EdgeRelease = { manifest_sha256: manifestSha256, head };
  const written = [{ path: EDGE_RELEASE_FILE, text: JSON.stringify(release) }];
  for (const [shard, entries] of shards) written.push({ path: shardFile(shard), text: JSON.stringify(entries) });
  const encoder = new TextEncoder();
  let bytes = [...copied, ...bundled].reduce((sum, file) => sum + file.bytes, 0);
  for (const { path, text } of written) {
    const size = encoder.encode(text).length;
    if (size > limits.fileBytes) throw tooLarge(path, size, limits);
    bytes += size;
  }
  const fileCount = copied.length + bundled.length + written.length;
  if (fileCount > limits.files) {
    throw new EdgeLimitError(
      `the upload would have ${count(fileCount)} files; Workers Static Assets take at most ${count(limits.files)} per Worker version (paid plan)`,
    );
  }
  return { copied, bundled, written, files: fileCount, bytes };
}
