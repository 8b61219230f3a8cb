/**
 * dist/manifest.json: what the gateway (or anyone holding a copy of dist) needs to answer requests
 * without build/: the release, the supported locales and their fallbacks, request aliases for locales
 * and country codes, the search index's path, and every file with its size, SHA-256 and requests.
 * Its format, and the columns derived from it, are defined in gateway/manifest.ts, which reads them too.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import {
  COLUMNS_FILE, MANIFEST_FILE, MANIFEST_VERSION, manifestColumns, type Manifest, type ManifestFile, type WithdrawnCode,
} from '../../gateway/manifest.ts';
import { canonicalJson, writeAtomically } from '../lib/canonical-json.ts';
import type { Datasets } from '../validate/validate-data.ts';

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
export function withdrawnCodes(data: Datasets): NonNullable<Manifest['withdrawn_codes']> {
  const current = countryAliases(data);
  const countries: Record<string, WithdrawnCode> = {};
  const byDate = [...data['withdrawn-codes'].countries].sort((a: any, b: any) => (a.withdrawn < b.withdrawn ? -1 : 1));
  for (const former of byDate) {
    for (const code of [former.alpha2, former.alpha3, former.numeric].filter(Boolean)) {
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
      { path: '/v1/countries', description: 'List countries (locale, view=compact|full)' },
      { path: '/v1/countries/{country_code}', description: 'Get one country (locale)' },
      { path: '/v1/countries/search', description: 'Search countries (q, locale, view, limit)' },
      { path: '/v1/phone/{country_code}', description: 'Phone number metadata' },
      { path: '/v1/postal-code/{country_code}', description: 'Postal code metadata' },
      { path: '/v1/subdivisions/{country_code}', description: 'List subdivisions of a country (locale)' },
      { path: '/v1/subdivisions/{country_code}/{subdivision_code}', description: 'Get one subdivision (locale)' },
      { path: '/v1/address-example/{country_code}', description: 'Address example' },
      { path: '/v1/openapi.json', description: 'OpenAPI 3.1 document' },
    ],
    locales: data.locales.locales.map((locale: any) => locale.tag),
    upstreams: data.upstreams.map((upstream: any) => ({ name: upstream.name, version: upstream.version, licence: upstream.licence })),
  };
}

export function buildManifest(options: { data: Datasets; release: Release; files: Record<string, ManifestFile>; searchIndex: string }): Manifest {
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
    layout: {
      default: 'v1/<path>.json answers /v1/<path> without a query',
      localized: 'v1/_locale/<tag>/<path>.json answers ?locale=<tag>; absent where the fallback chain gives the same body',
      full_view: 'countries.full.json answers /v1/countries?view=full',
      compressed: '<file>.br and <file>.gz beside a file, where smaller (see encodings)',
      page: 'page/<file>: the form page, readable without a key; / answers page/index.html',
    },
    search_index: options.searchIndex,
    files: options.files,
  };
}

/** Writes manifest.json and its columns into `dir`, canonically; returns the manifest's size in bytes. */
export function writeManifest(dir: string, manifest: Manifest): number {
  const manifestText = canonicalJson(manifest);
  writeAtomically(join(dir, MANIFEST_FILE), manifestText);
  writeAtomically(join(dir, COLUMNS_FILE), canonicalJson(manifestColumns(manifest, manifestText)));
  return Buffer.byteLength(manifestText);
}
