import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readJson, writeCanonicalJson } from '../build/lib/canonical-json.ts';
import { diffFiles, type Manifest } from '../build/release/files-diff.ts';
import { requirePackages } from './helpers/debian-packages.ts';
import { builtDist } from './helpers/dist.ts';
import { fewCountriesData, removeData } from './helpers/few-countries.ts';
import { ROOT } from './helpers/paths.ts';
import { SMALL_BODIES, smallDist } from './helpers/small-dist.ts';
import type { Datasets } from '../build/types/datasets.ts';

const run = promisify(execFile);
const releaseDiff = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'build/release-diff.ts', ...args], { cwd: ROOT }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error) => ({ code: error.code as number, stdout: error.stdout as string, stderr: error.stderr as string }),
  );
const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);

const scratch = mkdtempSync(join(tmpdir(), 'country-release-diff-'));
const diff = suite('release-diff');
diff.after(() => rmSync(scratch, { recursive: true, force: true }));

// Two real builds of a few countries (helpers/few-countries.ts), kept in the temp dir as the test dist is: a
// dist of the whole world changed by one example would be a third 0.9 GB build whenever data/ or build/ changed.
diff('should list the files a change of one postal example moves, and nothing else', async () => {
  // A copy of the data with another postal example for Japan, built as a release is.
  const [data, changedData] = [fewCountriesData(), fewCountriesData()];
  let [baseDist, changedDist]: string[] = [];
  try {
    const file = join(changedData, 'postal-codes.json');
    const postal = readJson<Datasets['postal-codes']>(file);
    const rule = postal.find((entry) => entry.country === 'JP')!.postal_code!;
    rule.examples.unshift('100-0001');
    rule.example = '100-0001';
    writeCanonicalJson(file, postal);
    [baseDist, changedDist] = [builtDist(data), builtDist(changedData)];
  } finally {
    removeData(data);
    removeData(changedData);
  }
  const [upload, remove] = [join(scratch, 'upload.txt'), join(scratch, 'delete.txt')];
  const result = await releaseDiff(baseDist, changedDist, '--upload', upload, '--delete', remove);
  assert.is(result.code, 0, result.stderr);
  // Japan's postal answer, and what names the release or every ETag: GET /v1 and the nginx config.
  const changed = ['v1/_cdn/nginx.conf', 'v1/index.json', 'v1/postal-code/JP.json'];
  const manifest = readJson<Manifest>(join(changedDist, 'manifest.json'));
  const withCopies = changed.flatMap((path) => [
    path,
    ...Object.keys(manifest.files[path].encodings).map((kind) => `${path}.${kind === 'gzip' ? 'gz' : kind}`),
  ]);
  assert.equal(lines(upload), [...withCopies, 'manifest.json', 'manifest.columns.json']);
  assert.equal(lines(remove), []);
  assert.match(
    result.stdout,
    `: 3 changed, 0 added, 0 removed, ${(Object.keys(manifest.files).length - 3).toLocaleString('en')} unchanged response files\nchanged: ${changed.join(', ')}\n`,
  );
});

diff('should read a release archive as it reads the dist it was packed from', async () => {
  requirePackages('zstd');
  const [before, after] = [join(scratch, 'before'), join(scratch, 'after')];
  smallDist(before);
  smallDist(after, { ...SMALL_BODIES, 'v1/countries/PT.json': { code: 'PT', name: 'Portugal', capital: 'Lisbon' } }, { id: 'next', date: null });
  const archive = join(scratch, 'before.tar.zst');
  await run(process.execPath, ['--import', 'tsx', 'build/pack-dist.ts', before, archive], { cwd: ROOT });
  const fromDist = await releaseDiff(before, after);
  const fromArchive = await releaseDiff(archive, after);
  assert.match(fromDist.stdout, '2026-11-01.abc -> next: 1 changed, 0 added, 0 removed, 2 unchanged response files\nchanged: v1/countries/PT.json\n');
  assert.is(fromArchive.stdout, fromDist.stdout);
  assert.match((await releaseDiff(archive, before)).stdout, 'nothing to sync: the manifests are identical');
});

diff('should explain a source that is neither a dist nor a release archive', async () => {
  const result = await releaseDiff(join(ROOT, 'package.json'), builtDist());
  assert.is(result.code, 1);
  assert.match(result.stderr, 'package.json is not a release archive written by npm run pack-dist');
});

const entry = (sha256: string, encodings: { br?: number; gzip?: number } = {}) => ({ bytes: 300, sha256, content_language: null, requests: [], encodings });
const files = suite('release-diff: files to move');

files('should upload what changed or was added with its copies, and delete what is gone and copies no longer made', () => {
  const from: Manifest = {
    release: { id: 'a' },
    files: {
      'v1/same.json': entry('1', { br: 100 }),
      'v1/changed.json': entry('2', { br: 100, gzip: 120 }),
      'v1/gone.json': entry('3', { gzip: 120 }),
    },
  };
  const to: Manifest = {
    release: { id: 'b' },
    files: {
      'v1/same.json': entry('1', { br: 100 }),
      'v1/changed.json': entry('4', { gzip: 150 }),
      'v1/new.json': entry('5'),
    },
  };
  const result = diffFiles(from, to, true);
  assert.equal([result.changed, result.added, result.removed, result.unchanged], [['v1/changed.json'], ['v1/new.json'], ['v1/gone.json'], 1]);
  assert.equal(result.upload, ['v1/changed.json', 'v1/changed.json.gz', 'v1/new.json', 'manifest.json', 'manifest.columns.json']);
  assert.is(result.uploadBytes, 300 + 150 + 300);
  assert.equal(result.delete, ['v1/changed.json.br', 'v1/gone.json', 'v1/gone.json.gz']);
});

diff.run();
files.run();
