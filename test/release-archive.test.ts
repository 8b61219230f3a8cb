import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeArchive } from '../build/release/archive.ts';
import { tar } from '../build/release/tar.ts';
import { get, SAMPLE } from './helpers/answers.ts';
import { requirePackages } from './helpers/debian-packages.ts';
import { builtDist } from './helpers/dist.ts';
import { TEST_KEY } from './helpers/gateway.ts';
import { partialCopy } from './helpers/next-release.ts';
import { ROOT } from './helpers/paths.ts';
import { smallDist } from './helpers/small-dist.ts';
import { startGatewayProcess, type Started } from './helpers/start.ts';
import type { Manifest } from '../contract/manifest.ts';

const run = promisify(execFile);
/** A build/ script as npm runs it: its exit code and output. */
const script = (name: string, args: string[], env?: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', `build/${name}.ts`, ...args], { cwd: ROOT, env: env ?? process.env, maxBuffer: 2 ** 24 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error) => ({ code: error.code as number, stdout: error.stdout as string, stderr: error.stderr as string }),
  );

const scratch = mkdtempSync(join(tmpdir(), 'country-release-'));
let packed: string | undefined;
/**
 * The real dist packed once, and kept beside it as its edge upload is (helpers/edge.ts): the dist's name is a
 * digest of its data and of build/ (pack-dist's code), the archive's names the zstd that packed it, so a change
 * to any of them packs it again.
 */
async function realArchive(): Promise<string> {
  requirePackages('zstd');
  if (!packed) {
    const zstd = execFileSync('zstd', ['--version'], { encoding: 'utf8' }).match(/v\d[\w.]*/)?.[0] ?? 'unknown';
    const archive = `${builtDist()}.release-zstd-${zstd}.tar.zst`;
    // pack-dist writes its archive whole or not at all: one that is there is complete.
    if (!existsSync(archive)) {
      const result = await script('pack-dist', [builtDist(), archive]);
      assert.is(result.code, 0, result.stderr);
    }
    packed = archive;
  }
  return packed;
}

let part: { dist: string; archive: string } | undefined;
/**
 * A real dist in three locales (helpers/next-release.ts: a small part of the files, every kind of answer),
 * packed once: the round trip of the whole dist is slow, most of it brotli remaking the compressed copies.
 */
async function partArchive(): Promise<{ dist: string; archive: string }> {
  requirePackages('zstd');
  if (!part) {
    const dist = join(scratch, 'part', 'dist');
    partialCopy(builtDist(), dist);
    const result = await script('pack-dist', [dist, join(scratch, 'part.tar.zst')]);
    assert.is(result.code, 0, result.stderr);
    part = { dist, archive: join(scratch, 'part.tar.zst') };
  }
  return part;
}

let small: Buffer | undefined;
/** A release archive of the small dist, packed once. */
async function smallArchive(): Promise<Buffer> {
  requirePackages('zstd');
  if (!small) {
    smallDist(join(scratch, 'small'));
    assert.is((await script('pack-dist', [join(scratch, 'small'), join(scratch, 'small.tar.zst')])).code, 0);
    small = readFileSync(join(scratch, 'small.tar.zst'));
  }
  return small;
}

const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));

const pack = suite('pack-dist');

pack('should pack the real dist into at most 20 MB, manifest first and nothing that can be made again', async () => {
  const archive = await realArchive();
  assert.ok(readFileSync(archive).length <= 20_000_000, `${readFileSync(archive).length} bytes`);
  // Standard tools read it: zstd passes over the header frame.
  const listing = execFileSync('sh', ['-c', `zstd -dc '${archive}' | tar -t`], { encoding: 'utf8', maxBuffer: 2 ** 26 })
    .trim()
    .split('\n');
  assert.is(listing[0], 'manifest.json');
  assert.equal(listing.slice(1), Object.keys(manifestOf(builtDist()).files));
});

pack('should write the same bytes twice from the same dist', async () => {
  const { dist, archive } = await partArchive();
  const again = join(scratch, 'again.tar.zst');
  assert.is((await script('pack-dist', [dist, again])).code, 0);
  assert.ok(readFileSync(again).equals(readFileSync(archive)));
  rmSync(again);
});

pack('should write the same bytes however the files were timestamped', async () => {
  const first = await smallArchive();
  utimesSync(join(scratch, 'small', 'v1/countries/BR.json'), new Date(), new Date(Date.now() - 86_400_000));
  assert.is((await script('pack-dist', [join(scratch, 'small'), join(scratch, 'retimed.tar.zst')])).code, 0);
  assert.ok(readFileSync(join(scratch, 'retimed.tar.zst')).equals(first));
  const listing = execFileSync('sh', ['-c', `zstd -dc '${join(scratch, 'retimed.tar.zst')}' | tar -tv`], { encoding: 'utf8' });
  assert.match(listing, /-rw-r--r-- 0\/0 .* 2026-11-01 00:00 v1\/countries\/BR\.json/);
});

pack('should refuse a dist whose files differ from its manifest', async () => {
  const dist = join(scratch, 'changed');
  smallDist(dist);
  writeFileSync(join(dist, 'v1/countries/PT.json'), '{"code":"PT","name":"Portugal!"}');
  const result = await script('pack-dist', [dist, join(scratch, 'changed.tar.zst')]);
  assert.is(result.code, 1);
  assert.match(result.stderr, `${dist}/v1/countries/PT.json is not the file its manifest lists; npm run verify -- ${dist}`);
  assert.not.ok(existsSync(join(scratch, 'changed.tar.zst')));
});

pack('should say what to install where zstd is missing', async () => {
  const dist = join(scratch, 'no-zstd');
  smallDist(dist);
  const emptyPath = mkdtempSync(join(scratch, 'path-'));
  const result = await script('pack-dist', [dist, join(scratch, 'no-zstd.tar.zst')], { PATH: emptyPath });
  assert.is(result.code, 1);
  assert.match(result.stderr, 'pack-dist needs the zstd command; install it (Debian: apt-get install -y zstd)');
});

pack.run();

const unpack = suite('unpack-dist');
const mirror = join(scratch, 'mirror', 'dist');
let gateways: Started[] = [];
unpack.after(async () => {
  for (const started of gateways) started.child.kill('SIGKILL');
  await Promise.all(gateways.map((started) => started.exited));
  rmSync(scratch, { recursive: true, force: true });
});

unpack('should give back the packed dist byte for byte, which npm run verify accepts', async () => {
  const { dist, archive } = await partArchive();
  const result = await script('unpack-dist', [archive, mirror]);
  assert.is(result.code, 0, result.stderr);
  const files = Object.keys(manifestOf(dist).files).length;
  assert.match(result.stdout, ` ${files} files `);
  const differences = await run('diff', ['-r', '-q', dist, mirror]).then(
    () => '',
    (error) => error.stdout as string,
  );
  assert.is(differences, '');
  // `npm run verify` is `tsx build/verify.ts`: the same loader, without npm's own process.
  const verify = await script('verify', [mirror]);
  assert.is(verify.code, 0, verify.stderr);
  assert.match(verify.stdout, `verify: ${mirror} is whole`);
  assert.equal(readdirSync(dirname(mirror)), ['dist']);
});

unpack('should answer a sample of requests, in every encoding, as the original dist does', async () => {
  requirePackages('zstd');
  assert.ok(existsSync(join(mirror, 'manifest.json')), 'the case before unpacks the mirror');
  gateways = [(await partArchive()).dist, mirror].map((dir) => startGatewayProcess({ API_KEYS: TEST_KEY, DIST_DIR: dir }));
  const ports = await Promise.all(gateways.map(async (started) => Number((await started.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/))[1])));
  // The hand-picked sample, and every 100th response of the manifest in each encoding.
  const files = Object.values(manifestOf(mirror).files).filter((entry, index) => index % 100 === 0 && entry.requests.length);
  const requests = [
    ...SAMPLE,
    ...files.flatMap((entry) =>
      ['identity', 'br', 'gzip'].map((encoding): [string, Record<string, string>] => [entry.requests[0], { 'Accept-Encoding': encoding }]),
    ),
  ];
  for (const [path, headers] of requests) {
    const [original, unpacked] = await Promise.all(ports.map((port) => get(port, path, { Authorization: `Bearer ${TEST_KEY}`, ...headers })));
    const label = `${path} ${JSON.stringify(headers)}`;
    assert.is(unpacked.status, original.status, label);
    assert.ok(unpacked.body.equals(original.body), `${label}: same body bytes`);
    for (const header of ['etag', 'content-encoding', 'content-language', 'data-release'])
      assert.is(unpacked.headers[header], original.headers[header], `${label}: ${header}`);
  }
});

/** The small archive, damaged as a mirror's copy might be. */
const DAMAGED: [string, (archive: Buffer) => Buffer, string][] = [
  ['a truncated archive', (archive) => archive.subarray(0, archive.length - 100), 'is truncated: its header says'],
  [
    'an archive with one byte changed',
    (archive) => Buffer.concat([archive.subarray(0, -50), Buffer.from([archive.at(-50)! ^ 1]), archive.subarray(-49)]),
    'is damaged: what follows its header has SHA-256',
  ],
  [
    'a file that is not a release archive',
    () => execFileSync('tar', ['-czf', '-', '-C', ROOT, 'package.json']),
    'is not a release archive written by npm run pack-dist',
  ],
];

for (const [what, damage, message] of DAMAGED) {
  unpack(`should refuse ${what}, leaving no dist behind and the one there as it was`, async () => {
    const work = mkdtempSync(join(scratch, 'damaged-'));
    writeFileSync(join(work, 'damaged.tar.zst'), damage(await smallArchive()));
    const live = join(work, 'live', 'dist');
    smallDist(live, { 'v1/countries/FR.json': { code: 'FR' } });
    const before = readFileSync(join(live, 'manifest.json'));
    for (const target of [join(work, 'new', 'dist'), live]) {
      const result = await script('unpack-dist', [join(work, 'damaged.tar.zst'), target]);
      assert.is(result.code, 1);
      assert.match(result.stderr, message);
      assert.match(result.stderr, `unpack-dist: ${target} left as it was`);
    }
    assert.not.ok(existsSync(join(work, 'new')));
    assert.ok(readFileSync(join(live, 'manifest.json')).equals(before));
    assert.equal(readdirSync(join(work, 'live')), ['dist']);
  });
}

unpack('should remove its new tree when an archive with a good checksum holds a file its manifest does not describe', async () => {
  requirePackages('zstd');
  const work = mkdtempSync(join(scratch, 'mismatch-'));
  const manifest = smallDist(join(work, 'small'));
  const files = ['manifest.json', ...Object.keys(manifest.files)].map((path) => ({ path, bytes: readFileSync(join(work, 'small', path)) }));
  files[2].bytes = Buffer.from(files[2].bytes.toString().replace('Brazil', 'Brasil'));
  writeFileSync(join(work, 'odd.tar.zst'), writeArchive('odd', tar(files, 0), 'test'));
  const result = await script('unpack-dist', [join(work, 'odd.tar.zst'), join(work, 'new', 'dist')]);
  assert.is(result.code, 1);
  assert.match(result.stderr, `the unpacked files differ from the manifest:\n${files[2].path}:`);
  assert.equal(readdirSync(join(work, 'new')), []);
});

unpack('should refuse to replace a folder that is not a dist', async () => {
  const folder = join(scratch, 'not-a-dist');
  mkdirSync(folder);
  writeFileSync(join(folder, 'notes.txt'), 'mine');
  const result = await script('unpack-dist', [(await partArchive()).archive, folder]);
  assert.is(result.code, 1);
  assert.match(result.stderr, `${folder} is not a dist (it has no manifest.json)`);
  assert.equal(readdirSync(folder), ['notes.txt']);
  assert.equal(
    readdirSync(scratch).filter((name) => name.startsWith(`${basename(folder)}.`)),
    [],
  );
});

unpack.run();
