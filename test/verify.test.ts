import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeManifest } from '../build/write/manifest.ts';
import { ROOT } from './helpers/paths.ts';
import { testHead } from './helpers/small-dist.ts';

const run = promisify(execFile);
const verifyCommand = (dir: string) =>
  run(process.execPath, ['--import', 'tsx', 'build/verify.ts', dir], { cwd: ROOT }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error) => ({ code: error.code as number, output: `${error.stdout}${error.stderr}` }),
  );

const FILES: Record<string, string> = {
  'v1/countries/BR.json': '{"code":"BR","name":{"common":"Brazil"}}'.repeat(20),
  'v1/phone/BR.json': '{"country":"BR","calling_code":"+55"}',
};

/** A small but real dist: files, a gzip copy, a manifest describing them and its columns, as a build writes them. */
function smallDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'country-verify-'));
  const files: Record<string, unknown> = {};
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
    const encodings: Record<string, number> = {};
    if (text.length > 200) {
      const gz = gzipSync(text);
      writeFileSync(join(dir, `${path}.gz`), gz);
      encodings.gzip = gz.length;
    }
    const request = `/${path.replace(/\.json$/, '')}`;
    files[path] = {
      bytes: Buffer.byteLength(text),
      sha256: createHash('sha256').update(text).digest('hex'),
      encodings,
      requests: [request],
      content_language: null,
    };
  }
  const manifest = { ...testHead({ id: 'r1', date: null }, 'v1/phone/BR.json'), files };
  writeManifest(dir, manifest as any);
  return dir;
}

function edit(file: string, change: (text: string) => string): void {
  const text = readFileSync(file, 'utf8');
  const changed = change(text);
  if (changed === text) throw new Error(`nothing changed in ${file}`);
  writeFileSync(file, changed);
}

const verify = suite('verify');

const WHOLE: [string, (dir: string) => void][] = [
  ['a whole copy', () => {}],
  ['a whole copy made by an older build, without the columns', (dir) => unlinkSync(join(dir, 'manifest.columns.json'))],
];
for (const [what, apply] of WHOLE) {
  verify(`should pass ${what}`, async () => {
    const dir = smallDist();
    try {
      apply(dir);
      const result = await verifyCommand(dir);
      assert.is(result.code, 0);
      assert.match(result.output, 'is whole: 3 files match the manifest');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

const DAMAGE: { damage: string; apply: (dir: string) => void; expected: string }[] = [
  { damage: 'a missing file', expected: 'v1/phone/BR.json: missing', apply: (dir) => unlinkSync(join(dir, 'v1/phone/BR.json')) },
  { damage: 'a missing compressed copy', expected: 'v1/countries/BR.json.gz: missing', apply: (dir) => unlinkSync(join(dir, 'v1/countries/BR.json.gz')) },
  {
    damage: 'a changed byte of the same size',
    expected: 'v1/phone/BR.json: SHA-256',
    apply: (dir) => writeFileSync(join(dir, 'v1/phone/BR.json'), FILES['v1/phone/BR.json'].replace('+55', '+56')),
  },
  {
    damage: 'a truncated file',
    expected: 'v1/phone/BR.json: 10 bytes, manifest says',
    apply: (dir) => writeFileSync(join(dir, 'v1/phone/BR.json'), FILES['v1/phone/BR.json'].slice(0, 10)),
  },
  { damage: 'an extra file', expected: 'v1/phone/XX.json: not in the manifest', apply: (dir) => writeFileSync(join(dir, 'v1/phone/XX.json'), '{}') },
  { damage: 'a missing manifest', expected: 'manifest.json: ENOENT', apply: (dir) => unlinkSync(join(dir, 'manifest.json')) },
  {
    damage: 'columns derived from another manifest (same size)',
    expected: 'manifest.columns.json: derived from a manifest.json with SHA-256',
    apply: (dir) => edit(join(dir, 'manifest.json'), (text) => text.replace('"id": "r1"', '"id": "r2"')),
  },
  {
    damage: 'columns that say otherwise than the manifest',
    expected: 'manifest.columns.json: says otherwise than manifest.json',
    apply: (dir) =>
      edit(join(dir, 'manifest.columns.json'), (text) => text.replace('"content_language": [\n      null,', '"content_language": [\n      "pt",')),
  },
];

for (const { damage, apply, expected } of DAMAGE) {
  verify(`should fail on ${damage}, naming it`, async () => {
    const dir = smallDist();
    try {
      apply(dir);
      const result = await verifyCommand(dir);
      assert.is(result.code, 1);
      assert.match(result.output, expected);
      assert.match(result.output, 'is NOT whole');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

verify.run();
