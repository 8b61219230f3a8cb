import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkReferences, judge, REFERENCES, verdictProblems } from '../build/validate/references.ts';
import { formatProblem } from '../build/validate/problems.ts';
import { validateData } from '../build/validate/validate-data.ts';
import { DATA_DIR } from './helpers/paths.ts';

const { data, problems } = validateData(DATA_DIR);
const references = suite('references (data/known-differences.json)');

references('should validate the data before comparing it', () => assert.equal(problems.map(formatProblem), []));

const verdicts = data ? checkReferences(data) : [];
for (const verdict of verdicts) {
  references(`should agree with ${verdict.reference} ${verdict.version} but for the reviewed differences`, () => {
    assert.ok(verdict.compared > 0, 'compared nothing');
    const messages = verdictProblems([verdict]).map(formatProblem);
    assert.equal(messages.slice(0, 20), [], `${messages.length} problem(s)`);
  });
}

references('should report a new difference, and a listed one that no longer occurs', () => {
  const copy = structuredClone(data!);
  const brazil = copy.countries.find((country: any) => country.alpha2 === 'BR');
  brazil.alpha3 = 'BRZ';
  const [compare] = REFERENCES;
  const comparison = compare(copy);
  const verdict = judge(comparison, [{ reason: 'a difference that was fixed upstream long ago', differences: [{ key: 'FR/alpha3', ours: 'FRX', theirs: 'FRA' }] }]);
  assert.equal(verdict.unexplained.filter((difference) => difference.key === 'BR/alpha3'), [{ key: 'BR/alpha3', ours: 'BRZ', theirs: 'BRA' }]);
  assert.equal(verdict.stale.map((difference) => difference.key), ['FR/alpha3']);
});

references.run();
