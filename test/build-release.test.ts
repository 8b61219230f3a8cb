import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { removeLeftovers } from '../build/write/atomic-swap.ts';
import { readJson, writeCanonicalJson } from '../build/lib/canonical-json.ts';
import { builtDist } from './helpers/dist.ts';
import type { Datasets } from '../build/types/datasets.ts';
import { fewCountriesData, removeData } from './helpers/few-countries.ts';
import { ROOT } from './helpers/paths.ts';
import { scratchDir } from './helpers/scratch.ts';

const run = promisify(execFile);
const BUILD = [process.execPath, '--import', 'tsx', join(ROOT, 'build', 'build.ts')] as const;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();

/** A stand-in for a live dist: whatever a failed build does, these bytes must survive. */
function previousDist(): { dir: string; cleanup: () => void } {
  const parent = scratchDir('country-previous-');
  const dir = join(parent, 'dist');
  mkdirSync(join(dir, 'v1'), { recursive: true });
  writeFileSync(join(dir, 'manifest.json'), '{"release":{"id":"previous"}}\n');
  writeFileSync(join(dir, 'v1', 'countries.json'), '{"previous":true}');
  return { dir, cleanup: () => rmSync(parent, { recursive: true, force: true }) };
}

const assertUntouched = (dir: string) => {
  assert.is(readFileSync(join(dir, 'manifest.json'), 'utf8'), '{"release":{"id":"previous"}}\n');
  assert.is(readFileSync(join(dir, 'v1', 'countries.json'), 'utf8'), '{"previous":true}');
  assert.equal(readdirSync(join(dir, '..')), ['dist']);
};

const determinism = suite('build: determinism');
const fewData = fewCountriesData();
process.on('exit', () => removeData(fewData));

// Two real builds of a few countries in every locale take seconds where two of the whole world take minutes: the
// same code runs (the worker pool, the writer, the compressed copies, the manifest), on fewer inputs. One is the
// test dist of those countries (helpers/dist.ts), which diff.test.ts and release-diff.test.ts read too and the temp
// dir may hold from an earlier run: a build in another process, at another time, from another copy of the data. That
// the real dist is the tree its manifest digests, file by file, build.test.ts checks ("build: manifest").
determinism('should give byte-identical trees, compressed copies included, for two builds of the same data', async () => {
  const out = scratchDir('country-twice-');
  try {
    const first = builtDist(fewData);
    const second = join(out, 'dist');
    await run(BUILD[0], [...BUILD.slice(1), '--data', fewData, '--out', second], { cwd: ROOT });
    const [a, b] = [first, second].map(filesUnder);
    assert.ok(a.length > 5000, `${a.length} files`);
    assert.equal(b, a);
    // Byte for byte rather than by digests: hashing both trees would read every byte of each all the same.
    const differing = a.filter((path) => !readFileSync(join(first, path)).equals(readFileSync(join(second, path))));
    assert.equal(differing.slice(0, 5), []);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

const atomic = suite('build: atomic swap');

atomic('should leave the previous dist untouched when the data is bad', async () => {
  const previous = previousDist();
  const data = mkdtempSync(join(tmpdir(), 'country-few-'));
  cpSync(fewData, data, { recursive: true });
  try {
    const file = join(data, 'phone.json');
    const phone = readJson<Datasets['phone']>(file);
    phone.find((entry) => entry.country === 'BR')!.calling_code = '+56';
    writeCanonicalJson(file, phone);
    const failure = await run(BUILD[0], [...BUILD.slice(1), '--data', data, '--out', previous.dir], { cwd: ROOT }).then(
      () => null,
      (error) => error,
    );
    assert.ok(failure, 'the build must fail');
    assert.is(failure.code, 1);
    assert.match(failure.stderr, 'differs from the country');
    assert.match(failure.stderr, 'dist/ left as it was');
    assertUntouched(previous.dir);
  } finally {
    previous.cleanup();
    removeData(data);
  }
});

atomic('should leave the previous dist untouched when the build is killed half way', async () => {
  const previous = previousDist();
  try {
    const child = spawn(BUILD[0], [...BUILD.slice(1), '--data', fewData, '--out', previous.dir], { cwd: ROOT, stdio: 'ignore' });
    const staging = `${previous.dir}.tmp-${child.pid}`;
    const deadline = Date.now() + 60_000;
    // The phone files come after every locale's lists and before most of the subdivisions: the build is half way.
    while (!existsSync(join(staging, 'v1', 'phone')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.ok(existsSync(staging), 'the build had started writing');
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('exit', resolve));
    assert.is(readFileSync(join(previous.dir, 'manifest.json'), 'utf8'), '{"release":{"id":"previous"}}\n');
    removeLeftovers(previous.dir);
    assertUntouched(previous.dir);
  } finally {
    previous.cleanup();
  }
});

atomic('should keep the staging tree of a build that is still running', () => {
  const previous = previousDist();
  try {
    const live = `${previous.dir}.tmp-${process.pid}`;
    mkdirSync(live);
    removeLeftovers(previous.dir);
    assert.ok(existsSync(live));
  } finally {
    previous.cleanup();
  }
});

determinism.run();
atomic.run();
