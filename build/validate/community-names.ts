/**
 * Gate: no community name is served that fails a check (build/lib/country-name-checks.ts: another
 * country's name inside it, its own missing, the common name as official, a form of state ISO's
 * English lacks), unless data/curated/name-check-exceptions.json reviews it, with its reason; an
 * exception that matches no served name fails too. Which values are community is data
 * (data/curated/source-trust.json): every translated official and ISO short name but those a name
 * override sets, with its source.
 */
import { countryNameFailures, type CheckedField } from '../lib/country-name-checks.ts';
import { CATALOGUES, exceptionKey, isCommunitySource, type SourceTrust } from '../lib/source-trust.ts';
import { recordedJudge, type SpellingVerdicts } from '../lib/dictionary-words.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';

export function checkCommunityNames(data: Datasets): Problem[] {
  const problems = new Problems('data/countries.json');
  const trust = data['curated/source-trust'] as SourceTrust[];
  const curated = new Set(
    data['curated/name-overrides'].filter((override) => override.value !== null).map((override) => `${override.code}\0${override.field}\0${override.locale}`),
  );
  const isCommunity = (code: string, field: CheckedField, locale: string) =>
    isCommunitySource(trust, CATALOGUES, field, locale) && !curated.has(`${code}\0${field}\0${locale}`);
  const exceptions = data['curated/name-check-exceptions'].filter((exception) => exception.field !== 'name');
  const reviewed = new Set(exceptions.map(exceptionKey));
  const spelling = new Problems('data/spelling.json');
  const unjudged = (word: string, tag: string) =>
    spelling.add(`/${tag}`, `${tag} "${word}", a word of an official name, has no verdict of the ${tag} dictionary: run npm run import`);
  const failures = countryNameFailures(
    data.countries,
    data.locales.locales.map((locale) => locale.tag),
    { isCommunity, dropped: data['dropped-names'], unknownWords: recordedJudge(data.spelling as SpellingVerdicts, unjudged) },
  );
  const index = new Map(data.countries.map((country, position) => [country.alpha2, position]));
  const matched = new Set<string>();
  for (const failure of failures) {
    const key = exceptionKey(failure);
    if (reviewed.has(key)) {
      matched.add(key);
      continue;
    }
    problems.add(
      `/${index.get(failure.code)}/${failure.field}/${failure.locale}`,
      `${failure.code} ${failure.field} ${failure.locale} ${JSON.stringify(failure.value)}: ${failure.check}, ${failure.detail} ` +
        '(a community name: drop it at import, or review it in data/curated/name-check-exceptions.json)',
    );
  }
  const stale = new Problems('data/curated/name-check-exceptions.json');
  data['curated/name-check-exceptions'].forEach((exception, position) => {
    if (exceptions.includes(exception) && !matched.has(exceptionKey(exception)))
      stale.add(
        `/${position}`,
        `${exception.code} ${exception.field} ${exception.locale} ${JSON.stringify(exception.value)}: no served name fails ${exception.check} so; remove the exception`,
      );
  });
  return [...problems.list, ...stale.list, ...spelling.list];
}
