import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { requirePackages } from './helpers/debian-packages.ts';
import { DATA_DIR, ROOT } from './helpers/paths.ts';

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
  const out = mkdtempSync(join(tmpdir(), 'country-import-'));
  try {
    // `npm run import` is `tsx build/import.ts`: the same loader, without npx's and tsx's own processes.
    execFileSync(process.execPath, ['--import', 'tsx', 'build/import.ts', '--out', out], { cwd: ROOT, stdio: 'pipe' });
    for (const file of GENERATED) {
      assert.ok(readFileSync(join(out, file)).equals(readFileSync(join(DATA_DIR, file))), `${file} differs from a fresh import`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

importer.run();
