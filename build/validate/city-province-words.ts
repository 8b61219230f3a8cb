/**
 * Gate: no served subdivision name calls a city by a province's or district's word, or a province by a
 * city's (build/lib/city-province-words.ts, with the categories and words of
 * data/curated/city-province-words.json), unless CLDR gives that name in the locale, a curated file
 * names it with its source, or data/curated/name-check-exceptions.json reviews it; an exception of this
 * check that matches no served name fails too.
 */
import { CityProvinceCheck, type CityProvinceWords } from '../lib/city-province-words.ts';
import { cldrName } from './stripped-romanizations.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';

const CHECK = 'city-province-word';

export function checkCityProvinceWords(data: Datasets): Problem[] {
  const problems = new Problems('data/subdivisions.json');
  const check = new CityProvinceCheck(data['curated/city-province-words'] as CityProvinceWords);
  const key = (code: string, locale: string, value: string) => `${code}\0${locale}\0${value}`;
  const curated = new Set([
    ...data['curated/name-overrides'].flatMap((entry) => (entry.value === null ? [] : [key(entry.code, entry.locale, entry.value)])),
    ...data['curated/subdivision-names'].map((entry) => key(entry.code, entry.locale, entry.value)),
    ...data['curated/regional-names'].flatMap((entry) => Object.entries(entry.names).map(([code, value]) => key(code, entry.language, value))),
  ]);
  const exceptions = data['curated/name-check-exceptions'].filter((entry) => entry.check === CHECK);
  const reviewed = new Set(exceptions.map((entry) => key(entry.code, entry.locale, entry.value)));
  const matched = new Set<string>();
  data.subdivisions.forEach((subdivision, position) => {
    for (const [tag, value] of Object.entries<string>(subdivision.name)) {
      if (tag === 'en') continue;
      const failure = check.failure(subdivision, tag, value);
      if (!failure || curated.has(key(subdivision.code, tag, value)) || cldrName(subdivision.code, tag) === value) continue;
      if (reviewed.has(key(subdivision.code, tag, value))) {
        matched.add(key(subdivision.code, tag, value));
        continue;
      }
      problems.add(
        `/${position}/name/${tag}`,
        `${subdivision.code} name ${tag} ${JSON.stringify(value)}: ${CHECK}, ${failure} ` +
          '(drop it at import, or review it in data/curated/name-check-exceptions.json)',
      );
    }
  });
  const stale = new Problems('data/curated/name-check-exceptions.json');
  data['curated/name-check-exceptions'].forEach((exception, position) => {
    if (exception.check === CHECK && !matched.has(key(exception.code, exception.locale, exception.value)))
      stale.add(
        `/${position}`,
        `${exception.code} name ${exception.locale} ${JSON.stringify(exception.value)}: no served name fails ${CHECK} so; remove the exception`,
      );
  });
  return [...problems.list, ...stale.list];
}
