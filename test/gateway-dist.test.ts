import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { COLUMNS_VERSION } from '../contract/manifest-files.ts';
import { DistError, openDist, type Dist } from '../gateway/dist.ts';
import { builtDist } from './helpers/dist.ts';
import { rawManifest } from './helpers/gateway.ts';

// openDist reads the manifest (gateway/manifest.ts) from the columns the build derives from it
// (manifest.columns.json) and, where a dist has none, from manifest.json itself: both must give the same Dist.
const opened = suite('openDist: from the columns or the manifest');
const comparable = ({ dir: _dir, manifestSha256: _sha256, ...dist }: Dist) => dist;
let scratch: string;
opened.before(() => {
  scratch = mkdtempSync(join(tmpdir(), 'country-manifest-'));
});
opened.after(() => rmSync(scratch, { recursive: true, force: true }));

// The built dist opened each way once: the cases only read what openDist gave, and it reads the same files alike.
let built: { columns: Dist; manifest: Dist } | undefined;
const builtOpened = () => (built ??= { columns: openDist(builtDist()), manifest: openDist(builtDist(), { columns: false }) });

/** A directory holding the built manifest and its columns, the columns changed by `change` when given. */
function manifestCopy(change?: (columns: any) => void): string {
  const dir = mkdtempSync(join(scratch, 'dist-'));
  copyFileSync(join(builtDist(), 'manifest.json'), join(dir, 'manifest.json'));
  if (!change) copyFileSync(join(builtDist(), 'manifest.columns.json'), join(dir, 'manifest.columns.json'));
  else {
    const parsed = JSON.parse(readFileSync(join(builtDist(), 'manifest.columns.json'), 'utf8'));
    change(parsed);
    writeFileSync(join(dir, 'manifest.columns.json'), JSON.stringify(parsed));
  }
  return dir;
}

opened('should open the built dist the same from its columns as from manifest.json', () => {
  const { columns: fromColumns, manifest: fromManifest } = builtOpened();
  assert.ok(fromColumns.files.size > 1000);
  assert.equal(comparable(fromColumns), comparable(fromManifest));
  assert.is(
    fromColumns.manifestSha256,
    createHash('sha256')
      .update(readFileSync(join(builtDist(), 'manifest.json')))
      .digest('hex'),
  );
  assert.is(fromManifest.manifestSha256, null);
});

opened('should give every file as manifest.json has it, in its order, and nothing for a key it lacks', () => {
  for (const files of [builtOpened().columns.files, builtOpened().manifest.files]) {
    const expected = Object.entries(rawManifest().files).map(([key, entry]) => [
      key,
      {
        bytes: entry.bytes,
        sha256: entry.sha256,
        contentLanguage: entry.content_language ?? null,
        encodings: Object.fromEntries(Object.entries({ br: entry.encodings?.br, gzip: entry.encodings?.gzip }).filter(([, size]) => size !== undefined)),
      },
    ]);
    assert.equal([...files], expected);
    assert.equal(
      [...files.keys()],
      expected.map(([key]) => key),
    );
    assert.is(files.size, expected.length);
    const [key, entry] = expected[expected.length - 1];
    assert.ok(files.has(key as string));
    assert.equal(files.get(key as string), entry);
    assert.is(files.get('v1/nothing.json'), undefined);
    assert.not.ok(files.has('v1/nothing.json'));
  }
});

opened('should read manifest.json where the dist has no columns', () => {
  const dir = manifestCopy();
  unlinkSync(join(dir, 'manifest.columns.json'));
  const dist = openDist(dir);
  assert.is(dist.manifestSha256, null);
  assert.equal(comparable(dist), comparable(builtOpened().columns));
});

const DAMAGED: [string, (columns: any) => void, string | RegExp][] = [
  [
    'another columns_version',
    (columns) => {
      columns.columns_version = 9;
    },
    `columns_version 9 is not ${COLUMNS_VERSION}`,
  ],
  [
    'a column one value short',
    (columns) => {
      columns.files.bytes.pop();
    },
    'files.bytes is not a column of',
  ],
  [
    'a size that is not a count',
    (columns) => {
      columns.files.bytes[3] = -1;
    },
    /files row 3: file \S+ lacks bytes or a sha256/,
  ],
  [
    'a compressed size that is text',
    (columns) => {
      columns.files.br[5] = '10';
    },
    'has encodings that are not sizes',
  ],
  [
    'a language that is a number',
    (columns) => {
      columns.files.content_language[0] = 7;
    },
    'has content_language 7',
  ],
  [
    'a hash cut short',
    (columns) => {
      columns.files.sha256 = columns.files.sha256.slice(1);
    },
    'files.sha256 is not',
  ],
  [
    'a hash in capitals',
    (columns) => {
      columns.files.sha256 = columns.files.sha256.toUpperCase();
    },
    /files row 0: file \S+ lacks bytes or a sha256/,
  ],
  [
    'a file named twice',
    (columns) => {
      columns.files.key[1] = columns.files.key[0];
    },
    /files\.key names \S+ twice/,
  ],
  [
    'a key that leaves the tree',
    (columns) => {
      columns.files.key[0] = 'v1/../../etc/passwd';
    },
    'unsafe file key',
  ],
  [
    'a static file naming no file',
    (columns) => {
      columns.manifest.static_files.push('page/x.js');
    },
    'static_files names page/x.js, which is no file',
  ],
  [
    'the size of another manifest',
    (columns) => {
      columns.manifest_bytes += 1;
    },
    'derived from a manifest.json of',
  ],
  [
    'no manifest digest',
    (columns) => {
      delete columns.manifest_sha256;
    },
    'manifest_bytes or manifest_sha256 is missing',
  ],
];
for (const [what, change, expected] of DAMAGED) {
  opened(`should refuse columns with ${what}, naming the file and the fault`, () => {
    const dir = manifestCopy(change);
    try {
      openDist(dir);
      assert.unreachable('opened');
    } catch (error) {
      assert.instance(error, DistError);
      assert.match((error as Error).message, join(dir, 'manifest.columns.json'));
      assert.match((error as Error).message, expected);
      assert.match((error as Error).message, 'npm run build');
    }
  });
}

opened('should refuse columns that are not JSON', () => {
  const dir = manifestCopy();
  writeFileSync(join(dir, 'manifest.columns.json'), '{"columns_version": 2,');
  assert.throws(
    () => openDist(dir),
    (error: Error) => error instanceof DistError && /manifest\.columns\.json: .*JSON/.test(error.message),
  );
});

opened.run();
