import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationMemo, type Check, type Digests } from '../build/validate/validation-memo.ts';
import type { Datasets } from '../build/types/datasets.ts';
import { DATA_DIR } from './helpers/paths.ts';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A stand-in for the datasets object: what the memo watches is which names a check reads, not their shape. */
const datasets = { phone: [], subdivisions: [], countries: [] } as unknown as Datasets;
const digests = (changes: Record<string, string> = {}): Digests => new Map(Object.entries({ phone: 'p1', subdivisions: 's1', countries: 'c1', ...changes }));

/** A check that reads what `read` reads, counting its runs, its problem naming the run. */
function counted(read: (data: Datasets) => unknown): Check & { runs: number } {
  const check = Object.assign(
    (data: Datasets) => {
      read(data);
      check.runs++;
      return [{ file: 'data/phone.json', pointer: '', reason: `run ${check.runs}` }];
    },
    { runs: 0 },
  );
  return check;
}

const memo = suite('ValidationMemo');

memo('should reuse the problems of a check while the datasets it read are unchanged', () => {
  const memory = new ValidationMemo();
  const check = counted((data) => data.phone);
  const first = memory.run(check, datasets, digests());
  assert.equal(memory.run(check, datasets, digests({ subdivisions: 's2' })), first);
  assert.is(check.runs, 1);
});

memo('should run a check again where a dataset it read has changed', () => {
  const memory = new ValidationMemo();
  const check = counted((data) => [data.phone, 'countries' in data]);
  memory.run(check, datasets, digests());
  assert.equal(memory.run(check, datasets, digests({ countries: 'c2' })), [{ file: 'data/phone.json', pointer: '', reason: 'run 2' }]);
  assert.equal(memory.run(check, datasets, digests({ phone: 'p2' })), [{ file: 'data/phone.json', pointer: '', reason: 'run 3' }]);
  assert.equal(memory.run(check, datasets, digests()), [{ file: 'data/phone.json', pointer: '', reason: 'run 1' }], 'the first run, kept');
  assert.is(check.runs, 3);
});

memo('should count every dataset as read by a check that lists them', () => {
  const memory = new ValidationMemo();
  const check = counted((data) => Object.keys(data));
  memory.run(check, datasets, digests());
  memory.run(check, datasets, digests({ subdivisions: 's2' }));
  assert.is(check.runs, 2);
});

memo('should hand out copies of the problems it keeps', () => {
  const memory = new ValidationMemo();
  const check = counted((data) => data.phone);
  memory.run(check, datasets, digests())[0].reason = 'changed by the caller';
  assert.is(memory.run(check, datasets, digests())[0].reason, 'run 1');
});

memo('should compile the schemas once per set of schema files, and again where one differs', () => {
  const memory = new ValidationMemo();
  const first = memory.schemas(DATA_DIR);
  assert.ok(memory.schemas(DATA_DIR).ajv === first.ajv);
  const copy = mkdtempSync(join(tmpdir(), 'country-schemas-'));
  try {
    cpSync(DATA_DIR, copy, { recursive: true, filter: (path) => !path.endsWith('.json') || path.endsWith('.schema.json') });
    assert.ok(memory.schemas(copy).ajv === first.ajv, 'the same files elsewhere');
    const file = join(copy, 'phone.schema.json');
    writeFileSync(file, `${readFileSync(file, 'utf8').trimEnd()}\n\n`);
    const changed = memory.schemas(copy);
    assert.ok(changed.ajv !== first.ajv && changed.digest !== first.digest);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

memo("should find a dataset's schema problems once per key", () => {
  const memory = new ValidationMemo();
  let finds = 0;
  const find = () => [{ file: 'data/phone.json', pointer: '/0', reason: `find ${++finds}` }];
  assert.equal(memory.schemaProblems('a', find), [{ file: 'data/phone.json', pointer: '/0', reason: 'find 1' }]);
  assert.equal(memory.schemaProblems('a', find), [{ file: 'data/phone.json', pointer: '/0', reason: 'find 1' }]);
  assert.equal(memory.schemaProblems('b', find), [{ file: 'data/phone.json', pointer: '/0', reason: 'find 2' }]);
});

memo.run();
