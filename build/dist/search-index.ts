/**
 * The search index of endpoint 3, written into dist so that an offline mirror can search too.
 * Every country carries its codes and every distinct name it has in any locale (common, official,
 * ISO short, CLDR alternatives), normalized as `normalizeSearchText` describes; the gateway
 * normalizes queries the same way (the rule is stated in the index itself). `common` repeats the common names, so that a
 * match on "United States" outranks the same kind of match on "United Mexican States".
 */
import type { Datasets } from '../validate/validate-data.ts';

export const NORMALIZATION = 'NFKD, combining marks removed, lower case, every run of non-letters/digits as one space, trimmed';

export function normalizeSearchText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

export function buildSearchIndex(data: Datasets) {
  const countries = data.countries.map((country: any) => {
    const names = new Set<string>();
    const add = (text: string | undefined) => { if (text) names.add(normalizeSearchText(text)); };
    Object.values<string>(country.name).forEach(add);
    Object.values<string>(country.official_name).forEach(add);
    Object.values<string>(country.iso_name ?? {}).forEach(add);
    Object.values<string[]>(country.alternative_names).flat().forEach(add);
    names.delete('');
    const common = new Set(Object.values<string>(country.name).map(normalizeSearchText));
    return {
      code: country.alpha2,
      codes: [country.alpha2, country.alpha3, country.numeric].map((code) => code.toLowerCase()),
      english: normalizeSearchText(country.name.en),
      common: [...common].filter(Boolean).sort(),
      names: [...names].sort(),
    };
  });
  return {
    normalization: NORMALIZATION,
    ranking: ['exact code', 'exact name', 'name prefix', 'word prefix', 'substring', 'one typo'],
    ties: 'a common name before an official or alternative one, then by English name',
    countries,
  };
}
