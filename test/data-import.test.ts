import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { requirePackages } from './helpers/debian-packages.ts';
import { importedData } from './helpers/imported-data.ts';
import { DATA_DIR } from './helpers/paths.ts';

const GENERATED = [
  'locales.json',
  'countries.json',
  'regions.json',
  'former-names.json',
  'phone.json',
  'postal-codes.json',
  'subdivisions.json',
  'addresses.json',
  'upstreams.json',
  'SOURCES.md',
  'country-languages.json',
  'name-readings.json',
  'currencies.json',
  'time-zones.json',
  'languages.json',
  'conventions.json',
  'capitals.json',
];

const importer = suite('import');

importer('should reproduce the committed data byte for byte from the pinned upstreams', () => {
  requirePackages('iso-codes', 'tzdata');
  const out = importedData();
  for (const file of GENERATED) {
    assert.ok(readFileSync(join(out, file)).equals(readFileSync(join(DATA_DIR, file))), `${file} differs from a fresh import`);
  }
});

importer.run();
