import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openDist, type Dist } from '../gateway/dist.ts';
import { builtDist } from './helpers/dist.ts';

// openDist reads a canonical manifest's files in place (manifest-scan.ts) and anything else as JSON:
// both must give the same Dist.
const opened = suite('openDist: scanned or parsed');
const comparable = ({ dir: _dir, ...dist }: Dist) => dist;
let scratch: string;
opened.before(() => { scratch = mkdtempSync(join(tmpdir(), 'country-manifest-')); });
opened.after(() => rmSync(scratch, { recursive: true, force: true }));

opened('should read the built manifest the same way scanned as parsed', () => {
  const scanned = openDist(builtDist());
  const parsed = openDist(builtDist(), { scan: false });
  assert.ok(scanned.files.size > 1000);
  assert.equal(comparable(scanned), comparable(parsed));
});

const variants: [string, (manifest: any) => string][] = [
  ['minified', (manifest) => JSON.stringify(manifest)],
  ['indented by 4', (manifest) => JSON.stringify(manifest, null, 4)],
  ['with an escaped request and an extra field', (manifest) => {
    const [key, entry] = Object.entries<any>(manifest.files)[0];
    manifest.files[key] = { ...entry, requests: [...entry.requests, '/v1/caf\u00e9'], note: 'x' };
    return JSON.stringify(manifest, null, 2);
  }],
];
for (const [what, write] of variants) {
  opened(`should open a manifest ${what} as JSON, to the same result`, () => {
    const manifest = JSON.parse(readFileSync(join(builtDist(), 'manifest.json'), 'utf8'));
    const dir = mkdtempSync(join(scratch, 'dist-'));
    writeFileSync(join(dir, 'manifest.json'), write(manifest));
    assert.equal(comparable(openDist(dir)), comparable(openDist(dir, { scan: false })));
  });
}

opened.run();
