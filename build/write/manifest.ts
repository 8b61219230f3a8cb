/**
 * dist/manifest.json: what a tier (or anyone holding a copy of dist) needs to answer requests without
 * build/: the release, the supported locales and their fallbacks, request aliases for locales, each
 * kind of path code's table (build/write/path-codes.ts), and every file with its size, SHA-256 and
 * requests. Its format, and the columns derived from it, are the contract's (contract/manifest.ts).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { ENDPOINTS, openApiPath } from '../../contract/endpoints.ts';
import { COLUMNS_FILE, LAYOUT_DESCRIPTION, MANIFEST_FILE, SEARCH_INDEX_FILE, staticRequest } from '../../contract/layout.ts';
import { manifestColumns } from '../../contract/manifest-files.ts';
import { MANIFEST_VERSION, type Manifest, type ManifestFile, type ManifestHead } from '../../contract/manifest.ts';
import { canonicalJson, writeAtomically } from '../lib/canonical-json.ts';
import type { Datasets } from '../types/datasets.ts';
import { pathCodeTables } from './path-codes.ts';

/** Content hash of the source data: the same data always yields the same release id. */
export function dataDigest(files: { name: string; bytes: Buffer }[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => a.name.localeCompare(b.name))) hash.update(`${file.name}\0${file.bytes.length}\0`).update(file.bytes);
  return hash.digest('hex');
}

export interface Release {
  id: string;
  date: string | null;
  data_sha256: string;
}

/** A data release: its date where one is pinned, and the content hash of the data it was built from. */
export function releaseOf(dataSha256: string, date: string | null): Release {
  const shortHash = dataSha256.slice(0, 12);
  return { id: date ? `${date}.${shortHash}` : shortHash, date, data_sha256: dataSha256 };
}

/** `GET /v1`: what this API serves, from which release, in which locales, from which upstreams. */
export function apiIndex(data: Datasets, release: Release) {
  return {
    api_version: 'v1',
    release,
    endpoints: [
      ...ENDPOINTS.map((endpoint) => ({ path: openApiPath(endpoint), description: endpoint.summary, parameters: [...endpoint.query] })),
      { path: '/v1/openapi.json', description: 'OpenAPI 3.1 document (no key needed)', parameters: [] },
    ],
    locales: data.locales.locales.map((locale) => locale.tag),
    upstreams: data.upstreams.map((upstream) => ({ name: upstream.name, version: upstream.version, licence: upstream.licence })),
  };
}

/** The manifest without its file table: what a tier needs to resolve any request. `files` are those written so far. */
export function manifestHead(options: { data: Datasets; release: Release; files: Record<string, ManifestFile> }): ManifestHead {
  const { data } = options;
  return {
    manifest_version: MANIFEST_VERSION,
    api_version: 'v1',
    release: options.release,
    upstreams: data.upstreams,
    default_locale: data.locales.default,
    locales: data.locales.locales,
    locale_aliases: data.locales.aliases,
    path_codes: pathCodeTables(data),
    static_files: Object.keys(options.files).filter((key) => staticRequest(key) !== undefined),
    layout: LAYOUT_DESCRIPTION,
    search_index: SEARCH_INDEX_FILE,
  };
}

/** Writes manifest.json and its columns into `dir`, canonically; returns the manifest's size in bytes. */
export function writeManifest(dir: string, manifest: Manifest): number {
  const manifestText = canonicalJson(manifest);
  writeAtomically(join(dir, MANIFEST_FILE), manifestText);
  writeAtomically(join(dir, COLUMNS_FILE), canonicalJson(manifestColumns(manifest, manifestText)));
  return Buffer.byteLength(manifestText);
}
