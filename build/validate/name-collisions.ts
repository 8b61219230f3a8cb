/**
 * Gate: a name that is another place's. Two subdivisions of one country shown by the same name in a
 * locale (along its fallback chain), which a reader could not tell apart; and a subdivision's name
 * in a locale that is another country's name there, or another country's subdivision's, where the
 * two places' English and ISO names say they are not the same name (CH-FR "Лимбург" in Russian, the
 * name of Limburg). Places named alike in English share names legitimately (Saint George, Limburg in
 * BE and NL; Northern and Nord are one name here); other homonyms are reviewed, each with its reason,
 * in data/curated/shared-names.json, and a reviewed name that no longer occurs fails too.
 */
import { nameKey } from '../lib/name-key.ts';
import { Problems, type Problem } from './problems.ts';
import type { Country, Datasets, Subdivision } from '../types/datasets.ts';

/** Whether two subdivisions' English or ISO names are one name; each subdivision's keys made once per check. */
function sameNames(): (a: Subdivision, b: Subdivision) => boolean {
  const keys = new Map<Subdivision, string[]>();
  const keysOf = (subdivision: Subdivision) => {
    let found = keys.get(subdivision);
    if (!found) keys.set(subdivision, (found = [nameKey(subdivision.name.en), nameKey(subdivision.iso_name)]));
    return found;
  };
  return (a, b) => {
    const theirs = keysOf(b);
    return keysOf(a).some((key) => theirs.includes(key));
  };
}

/** Per locale, then per name, the places holding it: keyed twice, as a key joined of both is a new string to hash for every name. */
function holdersOf<T>(places: T[], names: (place: T) => Record<string, string>): Map<string, Map<string, T[]>> {
  const holders = new Map<string, Map<string, T[]>>();
  for (const place of places) {
    for (const [tag, text] of Object.entries<string>(names(place))) {
      let inLocale = holders.get(tag);
      if (!inLocale) holders.set(tag, (inLocale = new Map()));
      const holding = inLocale.get(text);
      if (holding) holding.push(place);
      else inLocale.set(text, [place]);
    }
  }
  return holders;
}

/**
 * The subdivisions (in their order) that share a name, in any locale, with another of their country: a
 * subdivision is shown by one of its own names in every locale, so only these can be shown alike.
 */
function sharingAName(subdivisions: Subdivision[]): Subdivision[] {
  const names = subdivisions.map((subdivision) => new Set(Object.values<string>(subdivision.name)));
  const holding = new Map<string, Map<string, number>>();
  subdivisions.forEach((subdivision, position) => {
    if (!holding.has(subdivision.country)) holding.set(subdivision.country, new Map());
    const counts = holding.get(subdivision.country)!;
    for (const name of names[position]) counts.set(name, (counts.get(name) ?? 0) + 1);
  });
  return subdivisions.filter((subdivision, position) => [...names[position]].some((name) => holding.get(subdivision.country)!.get(name)! > 1));
}

export interface SharedName {
  locale: string;
  name: string;
  codes: string[];
  reason: string;
}

export function checkNameCollisions(data: Datasets): Problem[] {
  const problems = new Problems('data/subdivisions.json');
  const subdivisions = data.subdivisions;
  const countries = data.countries;
  const chains = new Map<string, string[]>(data.locales.locales.map((locale) => [locale.tag, [locale.tag, ...locale.fallback]]));
  /** The first name along the locale's chain, else the English one. */
  const shown = (names: Record<string, string>, chain: string[]) => {
    for (const candidate of chain) if (names[candidate]) return names[candidate];
    return names.en;
  };
  const index = new Map(subdivisions.map((subdivision, position) => [subdivision.code, position]));

  const alike = sharingAName(subdivisions);
  for (const [tag, chain] of chains) {
    // Per country, the code of the first subdivision shown by each name.
    const seen = new Map<string, Map<string, string>>();
    for (const subdivision of alike) {
      const name = shown(subdivision.name, chain);
      let ofCountry = seen.get(subdivision.country);
      if (!ofCountry) seen.set(subdivision.country, (ofCountry = new Map()));
      const other = ofCountry.get(name);
      if (other) problems.add(`/${index.get(subdivision.code)}/name`, `${other} and ${subdivision.code} are both shown as ${JSON.stringify(name)} in ${tag}`);
      else ofCountry.set(name, subdivision.code);
    }
  }

  const reviewed: SharedName[] = data['curated/shared-names'];
  const isReviewed = new Map(reviewed.map((entry) => [`${entry.locale}\0${entry.name}`, entry]));
  const used = new Set<SharedName>();
  const holders = holdersOf(subdivisions, (subdivision) => subdivision.name);
  const countryHolders = holdersOf<Country>(countries, (country) => country.name);
  const sameName = sameNames();
  for (const subdivision of subdivisions) {
    for (const [tag, text] of Object.entries<string>(subdivision.name)) {
      const holding = holders.get(tag)!.get(text)!;
      const countriesHolding = countryHolders.get(tag)?.get(text);
      // Held by this subdivision alone, and by no country: no other place's name.
      if (holding.length === 1 && !countriesHolding) continue;
      const key = `${tag}\0${text}`;
      const others = [
        ...holding.filter((other) => other.country !== subdivision.country && !sameName(subdivision, other)).map((other) => other.code),
        ...(countriesHolding ?? [])
          .filter((country) => country.alpha2 !== subdivision.country && country.name.en !== subdivision.name.en)
          .map((country) => country.alpha2),
      ];
      if (!others.length) continue;
      const review = isReviewed.get(key);
      if (review?.codes.includes(subdivision.code)) {
        used.add(review);
        continue;
      }
      problems.add(
        `/${index.get(subdivision.code)}/name/${tag}`,
        `${subdivision.code} ${tag} ${JSON.stringify(text)} is also the name of ${others.join(', ')} there (correct it, or review it in data/curated/shared-names.json)`,
      );
    }
  }
  const file = new Problems('data/curated/shared-names.json');
  reviewed.forEach((entry, position) => {
    if (!used.has(entry))
      file.add(`/${position}`, `reviewed shared name ${entry.locale} ${JSON.stringify(entry.name)} no longer occurs as listed (remove or update it)`);
  });
  return [...problems.list, ...file.list];
}
