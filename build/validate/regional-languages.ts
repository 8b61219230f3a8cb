/**
 * Gate: readers of a country's official or regional language get the names ISO gives in it
 * (data/curated/regional-names.json: Catalan readers Catalunya, not the English Catalonia), and
 * another official language of the country does not copy them as its own: German readers are not
 * given the Dutch Vlaams Gewest for Flanders, unless German writes the name the same way (Antwerpen),
 * which the entry's same_in lists. Official languages are CLDR's (territoryInfo: official, official
 * regional or de facto official).
 */
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';
import { officialLanguagesOf, territoryInfo } from '../lib/cldr-core.ts';

function officialLanguages(country: string): string[] {
  return officialLanguagesOf(territoryInfo()[country]);
}

export function checkRegionalLanguages(data: Datasets): Problem[] {
  const problems = new Problems('data/subdivisions.json');
  const served = new Set<string>(data.locales.locales.map((locale) => locale.tag));
  const chains = new Map<string, string[]>(data.locales.locales.map((locale) => [locale.tag, [locale.tag, ...locale.fallback]]));
  const subdivisions = data.subdivisions;
  const index = new Map(subdivisions.map((subdivision, position) => [subdivision.code, position]));
  for (const group of data['curated/regional-names']) {
    const others = officialLanguages(group.country).filter((language) => language !== group.language && served.has(language));
    for (const [code, expected] of Object.entries<string>(group.names)) {
      const subdivision = subdivisions[index.get(code) ?? -1];
      if (!subdivision) {
        problems.add('', `regional-names lists ${code}, which is no current subdivision`);
        continue;
      }
      const shown =
        chains
          .get(group.language)!
          .map((tag) => subdivision.name[tag])
          .find(Boolean) ?? subdivision.name.en;
      if (shown !== expected)
        problems.add(
          `/${index.get(code)}/name/${group.language}`,
          `${code} is shown as ${JSON.stringify(shown)} in ${group.language}, not as ISO names it in that language: ${JSON.stringify(expected)}`,
        );
      for (const other of others) {
        if (subdivision.name[other] === expected && !group.same_in?.[other]?.includes(code)) {
          problems.add(
            `/${index.get(code)}/name/${other}`,
            `${code} ${other} ${JSON.stringify(expected)} copies ISO's ${group.language} name; give the ${other} name, or list the code in same_in.${other} where ${other} writes it so`,
          );
        }
      }
    }
  }
  return problems.list;
}
