/**
 * The reference gate: the whole dataset compared with packages nobody here wrote (devDependencies,
 * pinned). Every disagreement must be listed, with its reason, in data/known-differences.json; a
 * listed difference that no longer occurs must be removed, so the list stays a true review.
 */
import { debianVersion, isoCodesVersion, packageVersion } from '../lib/upstream.ts';
import type { Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';
import { compareWithCldrSubdivisions } from './references/cldr-subdivisions.ts';
import { compareWithCountryStateCity } from './references/countrystatecity.ts';
import { compareWithGoogleLibphonenumber } from './references/google-libphonenumber.ts';
import { compareWithI18nIsoCountries } from './references/i18n-iso-countries.ts';
import { compareWithIsoCodes4217 } from './references/iso-4217.ts';
import { compareWithTzdata } from './references/tzdata.ts';
import { compareWithPostcodeValidator } from './references/postcode-validator.ts';
import { compareWithWorldCountries } from './references/world-countries.ts';

/** One value on which a reference and our data differ; `key` names it (`BR/alpha3`, `DE-BY/name/en`). */
export interface Disagreement {
  key: string;
  ours: unknown;
  theirs: unknown;
}
/** A reviewed group of differences in data/known-differences.json: one reason for all it lists. */
export interface KnownGroup {
  reason: string;
  differences: Disagreement[];
}

export interface Comparison {
  /** The npm package compared with (or Debian's iso-codes or tzdata). */
  reference: string;
  /** How many values were compared. */
  compared: number;
  disagreements: Disagreement[];
}

export const REFERENCES: ((data: Datasets) => Comparison)[] = [
  compareWithI18nIsoCountries,
  compareWithWorldCountries,
  compareWithGoogleLibphonenumber,
  compareWithCountryStateCity,
  compareWithPostcodeValidator,
  compareWithCldrSubdivisions,
  compareWithIsoCodes4217,
  compareWithTzdata,
];

export interface Verdict {
  reference: string;
  version: string;
  compared: number;
  known: number;
  unexplained: Disagreement[];
  /** Listed differences that no longer occur (or whose values changed). */
  stale: Disagreement[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function judge(comparison: Comparison, groups: KnownGroup[]): Verdict {
  const known = groups.flatMap((group) => group.differences);
  const listed = new Map(known.map((difference) => [difference.key, difference]));
  const unexplained: Disagreement[] = [];
  const explained = new Set<string>();
  for (const disagreement of comparison.disagreements) {
    const entry = listed.get(disagreement.key);
    if (entry && same(entry.ours, disagreement.ours) && same(entry.theirs, disagreement.theirs)) explained.add(disagreement.key);
    else unexplained.push(disagreement);
  }
  return {
    reference: comparison.reference,
    // iso-codes and tzdata are Debian packages; every other reference is an npm devDependency.
    version:
      comparison.reference === 'iso-codes'
        ? isoCodesVersion()
        : comparison.reference === 'tzdata'
          ? debianVersion('tzdata')
          : packageVersion(comparison.reference),
    compared: comparison.compared,
    known: explained.size,
    unexplained,
    stale: known.filter((difference) => !explained.has(difference.key)),
  };
}

export function checkReferences(data: Datasets): Verdict[] {
  const known: Record<string, KnownGroup[]> = data['known-differences'];
  return REFERENCES.map((compare) => {
    const comparison = compare(data);
    return judge(comparison, known[comparison.reference] ?? []);
  });
}

export function verdictProblems(verdicts: Verdict[]): Problem[] {
  const file = 'data/known-differences.json';
  return verdicts.flatMap((verdict) => [
    ...verdict.unexplained.map((disagreement) => ({
      file,
      pointer: `/${verdict.reference}`,
      reason: `${verdict.reference} ${verdict.version} disagrees on ${disagreement.key}: ours ${JSON.stringify(disagreement.ours)}, theirs ${JSON.stringify(disagreement.theirs)} (fix the data or list it with a reason)`,
    })),
    ...verdict.stale.map((difference) => ({
      file,
      pointer: `/${verdict.reference}`,
      reason: `listed difference ${difference.key} no longer occurs as written (remove or update it)`,
    })),
  ]);
}

/** Agreement figures, one line per reference, for `npm run validate`. */
export function agreementTable(verdicts: Verdict[]): string {
  const rows = verdicts.map((verdict) => {
    const disagreeing = verdict.known + verdict.unexplained.length;
    const share = verdict.compared ? (100 * (verdict.compared - disagreeing)) / verdict.compared : 100;
    return (
      `  ${`${verdict.reference} ${verdict.version}`.padEnd(32)} ${String(verdict.compared).padStart(7)} compared, ${share.toFixed(2)}% agree, ` +
      `${verdict.known} known differences, ${verdict.unexplained.length} unexplained`
    );
  });
  return ['references (data/known-differences.json lists each difference with its reason)', ...rows].join('\n');
}
