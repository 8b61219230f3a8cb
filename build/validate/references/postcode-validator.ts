/**
 * postcode-validator: one regular expression per country. Compared, per country: whether each side
 * has a rule; whether theirs accepts each of our examples and a sample of the real codes we accept
 * (test/fixtures/postal-codes-sample.json, in our canonical form); and whether ours accepts codes
 * drawn from their expression (randexp with a fixed seed, so the draw is the same on every run).
 */
import { join } from 'node:path';
import RandExp from 'randexp';
import { POSTCODE_REGEXES } from 'postcode-validator/lib/cjs/postcode-regexes.js';
import { readJson } from '../../lib/canonical-json.ts';
import { canonicalPostalCode } from '../../lib/postal-input.ts';
import type { Comparison } from '../references.ts';
import { comparing } from './comparing.ts';
import type { Datasets } from '../../types/datasets.ts';

const REFERENCE = 'postcode-validator';
const SAMPLE_FILE = join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'postal-codes-sample.json');
const SAMPLED_PER_COUNTRY = 20;
const DRAWN_PER_COUNTRY = 3;

/** Every n-th code, so the codes compared spread over the country's whole sample. */
function spread<T>(list: T[], count: number): T[] {
  if (list.length <= count) return list;
  return Array.from({ length: count }, (_, index) => list[Math.floor((index * list.length) / count)]);
}

/** Codes their expression accepts, drawn with a seeded generator (Park-Miller) so every run draws the same. */
function drawn(expression: RegExp, country: string): string[] {
  let seed = [...country].reduce((sum, letter) => sum * 31 + letter.charCodeAt(0), 7);
  const generator = new RandExp(expression);
  generator.max = 1;
  generator.randInt = (low: number, high: number) => {
    seed = (seed * 16807) % 2147483647;
    return low + (seed % (high - low + 1));
  };
  const codes = Array.from({ length: DRAWN_PER_COUNTRY }, () => generator.gen()).filter((code) => expression.test(code) && code !== '');
  return [...new Set(codes)];
}

export function compareWithPostcodeValidator(data: Datasets): Comparison {
  const sample = readJson<{ codes: Record<string, string[]> }>(SAMPLE_FILE).codes;
  const { comparison, check } = comparing(REFERENCE);
  for (const { country, postal_code: rule } of data['postal-codes']) {
    const theirs: RegExp | undefined = POSTCODE_REGEXES.get(country);
    check(`${country}/rule`, Boolean(rule), Boolean(theirs), Boolean(rule) === Boolean(theirs));
    if (!rule || !theirs) continue;
    const real = (sample[country] ?? []).map((code) => canonicalPostalCode(rule, code)).filter((code): code is string => code !== null);
    const ourCodes = [...rule.examples.map((code: string) => ['example', code]), ...spread(real, SAMPLED_PER_COUNTRY).map((code) => ['sample', code])];
    for (const [kind, code] of ourCodes) check(`${country}/${kind}/${code}`, true, false, theirs.test(code));
    for (const code of drawn(theirs, country)) check(`${country}/drawn/${code}`, false, true, canonicalPostalCode(rule, code) !== null);
  }
  return comparison;
}
