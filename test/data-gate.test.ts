import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readJson, writeCanonicalJson } from '../build/lib/canonical-json.ts';
import { formatProblem } from '../build/validate/problems.ts';
import { validateData } from '../build/validate/validate-data.ts';
import { gateMessages } from './helpers/gate.ts';
import { copyOfData, DATA_DIR, ROOT } from './helpers/paths.ts';
import type { Datasets } from '../build/types/datasets.ts';
import { realData } from './helpers/real-data.ts';
import { BREACHES } from './helpers/gate-breaches.ts';
import { byCountry } from './helpers/name-breaches.ts';

const gate = suite('validate (data gate)');

gate('should pass on the real data', () => {
  const { problems } = realData();
  assert.equal(problems.map(formatProblem), []);
});

// Each breach on its own copy of the real data (helpers/gate.ts), reusing the problems of checks whose
// datasets a breach leaves as they are. Two breaches of different datasets are validated whole as well:
// the memo must change nothing.
const WHOLE = BREACHES.filter(({ rule }) => ['two subdivisions of one country shown alike', 'a kana reading with kanji left in it'].includes(rule));
let found: string[][];
let whole: string[][];
gate.before(() => {
  found = gateMessages(BREACHES);
  whole = gateMessages(WHOLE, { memo: false });
});

gate('should print with the memo what a whole validation prints', () => {
  assert.equal(new Set(WHOLE.map(({ file }) => file)).size, 2, 'two breaches of different datasets');
  WHOLE.forEach((breach, index) => assert.equal(found[BREACHES.indexOf(breach)], whole[index], breach.rule));
});

BREACHES.forEach((breach, index) => {
  gate(`should fail on ${breach.rule}`, () => {
    const messages = found[index];
    assert.ok(
      messages.some((message) => message.includes(breach.expected)),
      `expected "${breach.expected}" in:\n${messages.join('\n')}`,
    );
    assert.ok(
      messages.every((message) => /^data\/[\w/-]+\.json#\S*: /.test(message)),
      'every message names file and pointer',
    );
  });
});

gate('should report every schema error at once, not the first', () => {
  const copy = copyOfData();
  try {
    const file = join(copy.dir, 'countries.json');
    const countries = readJson<Partial<Datasets['countries'][number]>[]>(file);
    for (const code of ['BR', 'US', 'JP']) delete countries.find(byCountry(code))!.calling_code;
    writeCanonicalJson(file, countries);
    const messages = validateData(copy.dir).problems.map(formatProblem);
    for (const code of ['BR', 'US', 'JP']) assert.ok(messages.some((message) => message.includes(`${code}: must have required property`)));
  } finally {
    copy.cleanup();
  }
});

gate('should exit non-zero from the command line on a breach, and zero on the real data', () => {
  const copy = copyOfData();
  try {
    const file = join(copy.dir, 'phone.json');
    const phone = readJson<Datasets['phone']>(file);
    phone.find(byCountry('BR'))!.calling_code = '+56';
    writeCanonicalJson(file, phone);
    const run = (dir: string) => {
      try {
        // `npm run validate` is `tsx build/validate.ts`: the same loader, without npx's and tsx's own processes.
        const output = execFileSync(process.execPath, ['--import', 'tsx', 'build/validate.ts', dir], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
        return { status: 0, output };
      } catch (error: any) {
        return { status: error.status as number, output: `${error.stdout}${error.stderr}` };
      }
    };
    const broken = run(copy.dir);
    assert.is(broken.status, 1);
    assert.match(broken.output, 'differs from the country');
    const real = run(DATA_DIR);
    assert.is(real.status, 0);
    assert.match(real.output, /countries\s+250 \(XK included\)/);
  } finally {
    copy.cleanup();
  }
});

gate.run();
