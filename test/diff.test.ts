import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compareSnapshots, FAMILIES } from '../build/diff/compare.ts';
import { snapshotOfData, snapshotOfDist } from '../build/diff/snapshot.ts';
import { readJson, writeCanonicalJson } from '../build/lib/canonical-json.ts';
import { builtDist } from './helpers/dist.ts';
import { fewCountriesData, removeData } from './helpers/few-countries.ts';
import { DATA_DIR, ROOT } from './helpers/paths.ts';

const run = promisify(execFile);
const diffCommand = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'build/diff.ts', ...args], { cwd: ROOT }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error) => ({ code: error.code as number, stdout: error.stdout as string, stderr: error.stderr as string }),
  );

/**
 * The data of a few countries (helpers/few-countries.ts), as found and as edited: the command validates a data
 * folder, which takes seconds for these and most of a minute for the whole world. As found it is also read from its
 * test dist (helpers/dist.ts; release-diff.test.ts and build-release.test.ts use the same), which the first case
 * shows to be the same release as the data.
 */
const base = fewCountriesData();
const baseDist = builtDist(base);
function editData(edit: (dir: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'country-few-'));
  cpSync(base, dir, { recursive: true });
  edit(dir);
  return { dir, cleanup: () => removeData(dir) };
}

const update = (dir: string, name: string, change: (data: any) => void) => {
  const file = join(dir, `${name}.json`);
  const data = readJson(file);
  change(data);
  writeCanonicalJson(file, data);
};

const diff = suite('diff');
diff.after(() => removeData(base));

// A few countries rather than the world: the same build and the same two readings of a release, on fewer codes.
diff('should find no change between a dist and the data it was built from', () => {
  const result = compareSnapshots(snapshotOfData(base, 'data'), snapshotOfDist(baseDist));
  for (const family of FAMILIES) assert.equal(result.families[family], { added: [], removed: [], changed: [] }, family);
});

diff('should compare one family per endpoint of the table that answers per code, and the names', () => {
  assert.equal(FAMILIES, ['countries', 'phone', 'postal-code', 'subdivisions', 'address-example', 'currencies', 'names']);
});

diff('should report changes with examples and pass when nothing is removed', async () => {
  const copy = editData((dir) => {
    update(dir, 'countries', (countries) => {
      countries.find((entry: any) => entry.alpha2 === 'DE').name.pt = 'Alemanha (RFA)';
    });
    update(dir, 'postal-codes', (postal) => {
      const rule = postal.find((entry: any) => entry.country === 'JP').postal_code;
      rule.examples.unshift('100-0001');
      rule.example = '100-0001';
    });
  });
  try {
    const jsonFile = join(copy.dir, 'diff.json');
    const result = await diffCommand(baseDist, copy.dir, '--json', jsonFile);
    assert.is(result.code, 0);
    assert.match(result.stdout, '| names | 0 | 0 | 1 |');
    assert.match(result.stdout, 'changed DE/pt: value `"Alemanha"` -> `"Alemanha (RFA)"`');
    assert.match(result.stdout, 'changed JP: postal_code.example `"154-0023"` -> `"100-0001"`');
    assert.equal(JSON.parse(readFileSync(jsonFile, 'utf8')).families['postal-code'].changed[0].key, 'JP');
  } finally {
    copy.cleanup();
  }
});

const BREAKING: { change: string; name: string; edit: (data: any) => void; expected: string }[] = [
  {
    change: 'a removed subdivision',
    name: 'subdivisions',
    expected: 'subdivisions: GB-KEC removed',
    edit: (subdivisions) => {
      subdivisions.splice(
        subdivisions.findIndex((entry: any) => entry.code === 'GB-KEC'),
        1,
      );
    },
  },
  {
    change: 'a field that became null',
    name: 'phone',
    expected: 'phone: BR.examples.fixed_line removed',
    edit: (phone) => {
      phone.find((entry: any) => entry.country === 'BR').examples.fixed_line = null;
    },
  },
];

for (const breaking of BREAKING) {
  diff(`should exit 2 on ${breaking.change} unless told it is intended`, async () => {
    const copy = editData((dir) => update(dir, breaking.name, breaking.edit));
    try {
      const [refused, allowed] = await Promise.all([diffCommand(baseDist, copy.dir), diffCommand(baseDist, copy.dir, '--allow-breaking')]);
      assert.is(refused.code, 2);
      assert.match(refused.stdout, breaking.expected);
      assert.match(refused.stderr, '--allow-breaking');
      assert.is(allowed.code, 0);
    } finally {
      copy.cleanup();
    }
  });
}

diff('should explain a source that is neither a dist, data nor a git ref', async () => {
  const result = await diffCommand('no-such-ref', DATA_DIR);
  assert.is(result.code, 1);
  assert.match(result.stderr, 'neither a dist, a data folder nor a git ref');
});

diff.run();
