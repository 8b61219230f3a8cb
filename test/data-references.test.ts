import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkReferences, judge, REFERENCES, verdictProblems } from '../build/validate/references.ts';
import { formatProblem } from '../build/validate/problems.ts';
import { compareWithCldrSubdivisions } from '../build/validate/references/cldr-subdivisions.ts';
import { realData } from './helpers/real-data.ts';

const { data, problems } = realData();
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
  const copy = { ...data!, countries: structuredClone(data!.countries) };
  const brazil = copy.countries.find((country) => country.alpha2 === 'BR')!;
  brazil.alpha3 = 'BRZ';
  const [compare] = REFERENCES;
  const comparison = compare(copy);
  const verdict = judge(comparison, [
    { reason: 'a difference that was fixed upstream long ago', differences: [{ key: 'FR/alpha3', ours: 'FRX', theirs: 'FRA' }] },
  ]);
  assert.equal(
    verdict.unexplained.filter((difference) => difference.key === 'BR/alpha3'),
    [{ key: 'BR/alpha3', ours: 'BRZ', theirs: 'BRA' }],
  );
  assert.equal(
    verdict.stale.map((difference) => difference.key),
    ['FR/alpha3'],
  );
});

references("should report a subdivision name that differs from CLDR's, unless name-overrides.json corrects it with a source", () => {
  const copy = { ...data!, subdivisions: structuredClone(data!.subdivisions) };
  const subdivision = (code: string) => copy.subdivisions.find((entry) => entry.code === code)!;
  subdivision('DE-BY').name.en = 'Bayern';
  subdivision('GB-PTE').name.en = 'Peterborough City'; // GB-PTE en is corrected there (CLDR 48: "Peter"), so not compared again
  const comparison = compareWithCldrSubdivisions(copy);
  assert.equal(
    comparison.disagreements.filter((difference) => /^(DE-BY|GB-PTE)\//.test(difference.key)),
    [{ key: 'DE-BY/name/en', ours: 'Bayern', theirs: 'Bavaria' }],
  );
  assert.ok(comparison.compared > 5000, `${comparison.compared} compared`);
});

references.run();
