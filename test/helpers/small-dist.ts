/**
 * A small dist written by the build's own writer and manifest code, for tests that need a dist in a
 * second rather than the real one: a response per path, those of 256 bytes or more with .br/.gz copies.
 */
import { writeManifest } from '../../build/write/manifest.ts';
import { DistWriter, sortedFiles } from '../../build/write/writer.ts';
import { contentLanguageOf, LAYOUT_DESCRIPTION } from '../../contract/layout.ts';
import { MANIFEST_VERSION, type Manifest } from '../../contract/manifest.ts';
import { PATH_CODE_KINDS } from '../../contract/path-codes.ts';

export const SMALL_BODIES: Record<string, unknown> = {
  'v1/countries/BR.json': { code: 'BR', name: 'Brazil', note: 'Brazil '.repeat(60) },
  'v1/countries/PT.json': { code: 'PT', name: 'Portugal' },
  'v1/_locale/pt/countries/BR.json': { code: 'BR', name: 'Brasil', note: 'Brasil '.repeat(60) },
};

/** A manifest head for a test dist: English and Portuguese, BR and PT, nothing withdrawn. */
export const testHead = (release: { id: string; date: string | null }, searchIndex: string): Omit<Manifest, 'files'> => ({
  manifest_version: MANIFEST_VERSION,
  api_version: 'v1',
  release: { ...release, data_sha256: '0'.repeat(64) },
  upstreams: [],
  default_locale: 'en',
  locales: [
    { tag: 'en', fallback: [] },
    { tag: 'pt', fallback: ['en'] },
  ],
  locale_aliases: {},
  // Every kind of path code has a table; this dist has countries only.
  path_codes: {
    ...Object.fromEntries(PATH_CODE_KINDS.map((kind) => [kind.name, { codes: {}, spellings: {}, withdrawn: {}, hints: {} }])),
    country: { codes: { '': ['BR', 'PT'] }, spellings: { br: 'BR', pt: 'PT' }, withdrawn: {}, hints: {} },
  },
  static_files: [],
  layout: LAYOUT_DESCRIPTION,
  search_index: searchIndex,
});

export function smallDist(
  dir: string,
  bodies = SMALL_BODIES,
  release: { id: string; date: string | null } = { id: '2026-11-01.abc', date: '2026-11-01' },
): any {
  const writer = new DistWriter(dir);
  for (const [path, body] of Object.entries(bodies))
    writer.writeJson(path, body, { requests: [`/${path.replace(/\.json$/, '')}`], contentLanguage: contentLanguageOf(path, 'en') });
  const manifest: Manifest = { ...testHead(release, 'v1/countries/PT.json'), files: sortedFiles(writer.files) };
  writeManifest(dir, manifest);
  return manifest;
}
