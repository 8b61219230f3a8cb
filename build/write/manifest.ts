/**
 * dist/manifest.json: what a tier (or anyone holding a copy of dist) needs to answer requests without
 * build/: the release, the supported locales and their fallbacks, request aliases for locales and
 * country codes, withdrawn codes, every subdivision code, and every file with its size, SHA-256 and
 * requests. Its format, and the columns derived from it, are the contract's (contract/manifest.ts).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { ENDPOINTS, openApiPath } from '../../contract/endpoints.ts';
import { COLUMNS_FILE, LAYOUT_DESCRIPTION, MANIFEST_FILE, SEARCH_INDEX_FILE, staticRequest } from '../../contract/layout.ts';
import { manifestColumns } from '../../contract/manifest-files.ts';
import { MANIFEST_VERSION, type Manifest, type ManifestFile, type ManifestHead } from '../../contract/manifest.ts';
import type { WithdrawnCode } from '../../contract/problems.ts';
import { canonicalJson, writeAtomically } from '../lib/canonical-json.ts';
import type { Datasets } from '../types/datasets.ts';

/** Lower-case alpha-2, alpha-3 and numeric codes -> canonical alpha-2. */
export function countryAliases(data: Datasets): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const country of data.countries) {
    for (const code of [country.alpha2, country.alpha3, country.numeric]) aliases[code.toLowerCase()] = country.alpha2;
  }
  return aliases;
}

/**
 * Withdrawn codes, as the manifest lists them: a former country under each of its codes that no current
 * country has (BY and 180 are Belarus's and DR Congo's now), the latest holder where two share one (CS).
 */
export function withdrawnCodes(data: Datasets): Manifest['withdrawn_codes'] {
  const current = countryAliases(data);
  const countries: Record<string, WithdrawnCode> = {};
  const byDate = [...data['withdrawn-codes'].countries].sort((a, b) => (a.withdrawn < b.withdrawn ? -1 : 1));
  for (const former of byDate) {
    for (const code of [former.alpha2, former.alpha3, former.numeric].filter((given) => given !== null)) {
      if (current[code.toLowerCase()]) continue;
      countries[code.toLowerCase()] = { code: former.alpha2, name: former.name, withdrawn: former.withdrawn, replaced_by: former.replaced_by };
    }
  }
  const subdivisions: Record<string, WithdrawnCode> = {};
  for (const former of data['withdrawn-codes'].subdivisions) {
    subdivisions[former.code] = { code: former.code, name: former.name, withdrawn: former.withdrawn, replaced_by: former.replaced_by };
  }
  return { countries, subdivisions };
}

/** Content hash of the source data: the same data always yields the same release id. */
export function dataDigest(files: { name: string; bytes: Buffer }[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => a.name.localeCompare(b.name))) hash.update(`${file.name}\0${file.bytes.length}\0`).update(file.bytes);
  return hash.digest('hex');
}

export interface Release { id: string; date: string | null; data_sha256: string }

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

/** Every current ISO 3166-2 code, by country. */
function subdivisionCodes(data: Datasets): Record<string, string[]> {
  const codes: Record<string, string[]> = {};
  for (const subdivision of data.subdivisions) (codes[subdivision.country] ??= []).push(subdivision.code);
  for (const list of Object.values(codes)) list.sort();
  return codes;
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
    country_aliases: countryAliases(data),
    withdrawn_codes: withdrawnCodes(data),
    subdivision_codes: subdivisionCodes(data),
    code_hints: Object.fromEntries(data['curated/code-hints'].map(({ code, name, use }) => [code.toLowerCase(), { code, name, use }])),
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
