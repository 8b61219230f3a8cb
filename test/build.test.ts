import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readJson } from '../build/lib/canonical-json.ts';
import { filesOnDisk } from '../contract/manifest.ts';
import { builtDist } from './helpers/dist.ts';
import { ROOT } from './helpers/paths.ts';
import { responseSchemaValidator, responseValidator } from './helpers/response-schemas.ts';
import type { Manifest } from '../contract/manifest.ts';
import type { SearchIndex } from '../contract/search.ts';
import { readDataset } from './helpers/datasets.ts';

const dist = builtDist();
const manifest = readJson<Manifest>(join(dist, 'manifest.json'));
const files = manifest.files;
const countries = readDataset('countries');
const subdivisions = readDataset('subdivisions');
const tags = manifest.locales.map((locale) => locale.tag);

function listTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

const coverage = suite('build: coverage');

coverage('should write the list in both views for every supported locale', () => {
  for (const tag of tags) {
    const base = tag === 'en' ? 'v1' : `v1/_locale/${tag}`;
    for (const name of ['countries.json', 'countries.full.json']) assert.ok(files[`${base}/${name}`], `${base}/${name}`);
  }
});

coverage('should write every country, phone, postal-code, address and subdivision list by default', () => {
  for (const { alpha2 } of countries) {
    for (const kind of ['countries', 'phone', 'postal-code', 'address-example', 'subdivisions']) {
      assert.ok(files[`v1/${kind}/${alpha2}.json`], `v1/${kind}/${alpha2}.json`);
    }
  }
});

coverage('should write every subdivision in English', () => {
  for (const { code, country } of subdivisions) assert.ok(files[`v1/subdivisions/${country}/${code}.json`], code);
});

coverage('should write a localized file wherever a name differs from its fallback', () => {
  const br = (tag: string) => JSON.parse(readFileSync(join(dist, `v1/_locale/${tag}/countries/BR.json`), 'utf8'));
  assert.is(br('pt').name.official, 'República Federativa do Brasil');
  assert.is(br('de').name.common, 'Brasilien');
  assert.ok(files['v1/_locale/de/subdivisions/US/US-CA.json'], 'Kalifornien');
  assert.not.ok(files['v1/_locale/de/subdivisions/BR/BR-SP.json'], 'São Paulo is São Paulo in German: the English file answers');
});

coverage('should render address lines in the country order', () => {
  const us = readJson<{ lines: string[]; example: Record<string, string> }>(join(dist, 'v1/address-example/US.json'));
  assert.equal(us.lines, ['The White House', '1600 Pennsylvania Avenue NW', 'WASHINGTON, DC 20500']);
  assert.equal(Object.keys(us.example), ['street', 'city', 'subdivision', 'postal_code']);
});

const schemas = suite('build: every file validates against its response schema');

const FULL_LIST = /^(v1\/(?:_locale\/[^/]+\/)?)countries\.full\.json$/;
const ENVELOPE = /^\{"count":\d+,"locale":"[^"]*","view":"full","countries":\[/;
const ITEM = /^\{"code":"([A-Z]{2})"/;
const COUNTRY_SCHEMA = readJson<{ properties: { countries: { items: { $ref: string } } } }>(join(ROOT, 'build', 'schemas', 'country-list-full.schema.json'));

/**
 * A full country list whose countries are, byte for byte, the country files of its folder (each validated on
 * its own against the country schema, the very schema the list's items refer to): its envelope with the
 * countries left out, for the list's schema to check what is left. Null where the bytes are otherwise: the
 * list is then parsed and validated whole. Half the bytes of a dist are these lists; parsing is what costs.
 */
function envelopeOfCountryFiles(path: string, bytes: Buffer): unknown {
  const folder = FULL_LIST.exec(path)?.[1];
  const head = ENVELOPE.exec(bytes.subarray(0, 200).toString('utf8'))?.[0];
  if (!folder || !head || COUNTRY_SCHEMA.properties.countries.items.$ref !== 'country.schema.json') return null;
  let at = Buffer.byteLength(head);
  while (bytes[at] !== 0x5d) {
    const code = ITEM.exec(bytes.subarray(at, at + 20).toString('utf8'))?.[1];
    const file = `${folder}countries/${code}.json`;
    if (!code || !files[file] || responseValidator(file) !== responseSchemaValidator('country')) return null;
    const country = readFileSync(join(dist, file));
    if (!bytes.subarray(at, at + country.length).equals(country)) return null;
    at += country.length;
    if (bytes[at] === 0x2c && bytes[at + 1] !== 0x5d) at++;
    else if (bytes[at] !== 0x5d) return null;
  }
  return bytes.length === at + 2 && bytes[at + 1] === 0x7d ? JSON.parse(`${head}]}`) : null;
}

schemas('should validate every built response', () => {
  let checked = 0;
  const failures: string[] = [];
  for (const path of Object.keys(files)) {
    const validate = responseValidator(path);
    if (!validate) continue;
    const bytes = readFileSync(join(dist, path));
    const body = envelopeOfCountryFiles(path, bytes) ?? JSON.parse(bytes.toString('utf8'));
    if (!validate(body)) failures.push(`${path}: ${JSON.stringify(validate.errors?.slice(0, 2))}`);
    checked++;
  }
  assert.equal(failures.slice(0, 5), []);
  assert.ok(checked > 50_000, `${checked} files checked`);
});

const manifestSuite = suite('build: manifest');

// Every file, not a sample: with the two builds of build-release.test.ts (byte-identical), this is what proves
// the real dist deterministic without building it twice: one manifest, one tree.
manifestSuite('should list exactly the files of the tree, with their sizes and SHA-256', () => {
  const onDisk = listTree(dist);
  const expected = [
    'manifest.columns.json',
    'manifest.json',
    ...Object.entries(files).flatMap(([path, entry]) => filesOnDisk(path, entry).map((file) => file.path)),
  ].sort();
  assert.equal(onDisk.length, expected.length);
  assert.ok(
    onDisk.every((path, index) => path === expected[index]),
    'same paths',
  );
  const differing: string[] = [];
  for (const [path, entry] of Object.entries(files)) {
    const bytes = readFileSync(join(dist, path));
    if (bytes.length !== entry.bytes || createHash('sha256').update(bytes).digest('hex') !== entry.sha256) differing.push(path);
    // The compressed copies have no digest of their own; their bytes are checked by decompressing them (below).
    for (const copy of filesOnDisk(path, entry).slice(1)) if (statSync(join(dist, copy.path)).size !== copy.bytes) differing.push(copy.path);
  }
  assert.equal(differing.slice(0, 5), []);
});

manifestSuite('should keep compressed copies that decompress to the file and are smaller', () => {
  const sample = Object.entries(files)
    .filter(([, entry]) => entry.encodings.br || entry.encodings.gzip)
    .filter((_, index) => index % 211 === 0);
  assert.ok(sample.length > 20);
  for (const [path, entry] of sample) {
    const plain = readFileSync(join(dist, path));
    if (entry.encodings.br) assert.ok(brotliDecompressSync(readFileSync(join(dist, `${path}.br`))).equals(plain), `${path}.br`);
    if (entry.encodings.gzip) assert.ok(gunzipSync(readFileSync(join(dist, `${path}.gz`))).equals(plain), `${path}.gz`);
    assert.ok((entry.encodings.br ?? 0) < entry.bytes && (entry.encodings.gzip ?? 0) < entry.bytes);
  }
});

manifestSuite('should describe locales, aliases, the release and the search index', () => {
  assert.ok(tags.length >= 100);
  assert.is(manifest.locale_aliases['zh-tw'], 'zh-Hant');
  assert.is(manifest.path_codes.country.spellings.bra, 'BR');
  assert.is(manifest.path_codes.country.spellings['076'], 'BR');
  assert.is(manifest.path_codes.subdivision.spellings['br/sp'], 'BR-SP');
  assert.is(manifest.path_codes.subdivision.spellings['br/br-sp'], 'BR-SP');
  assert.is(manifest.path_codes.country.hints.uk.use, 'GB');
  assert.match(manifest.release.data_sha256, /^[0-9a-f]{64}$/);
  assert.ok(files[manifest.search_index]);
  const index = readJson<SearchIndex>(join(dist, manifest.search_index));
  const germany = index.countries.find((entry) => entry.code === 'DE')!;
  // Each normalized name with the languages it is a name in.
  assert.equal(germany.names.alemanha, ['pt']);
  assert.ok(germany.codes.includes('deu') && germany.codes.includes('276'));
});

coverage.run();
schemas.run();
manifestSuite.run();
