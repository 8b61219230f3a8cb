/**
 * data/languages.json: per country the languages CLDR territoryInfo gives an official status, with that
 * status as CLDR writes it (official, de_facto_official, official_regional: the US has English de facto
 * and Spanish and Hawaiian regionally, never merged) and the share of the population CLDR estimates
 * speaks it; per language its name in each served locale (cldr-localenames-full), a tag with a script
 * CLDR does not name as a whole (sr-Latn) composed by the locale's own pattern, "Serbian (Latin)".
 * data/country-languages.json keeps the flat list search reads.
 */
import { territoryInfo } from '../lib/cldr-core.ts';
import { languageNames, localePattern, scriptNames } from '../lib/cldr-names.ts';
import { inLocaleScript, pruneByFallback, type Chains } from './fallback-prune.ts';

function displayNames(tag: string) {
  const languages = languageNames(tag);
  const scripts = scriptNames(tag);
  const pattern = localePattern(tag);
  if (!languages?.en || !scripts?.Latn || !pattern)
    throw new Error(`cldr-localenames-full: main/${tag} lacks language or script names or the locale pattern; has its layout changed?`);
  return { languages, scripts, pattern };
}

function nameIn(names: ReturnType<typeof displayNames>, language: string): string | null {
  if (names.languages[language]) return names.languages[language];
  const [base, script] = language.split('-');
  if (!script || !names.languages[base] || !names.scripts[script]) return null;
  return names.pattern.replace('{0}', names.languages[base]).replace('{1}', names.scripts[script]);
}

export function importLanguages(countryCodes: string[], chains: Chains) {
  const territories = territoryInfo();
  if (!territories?.US?.languagePopulation?.en?._officialStatus)
    throw new Error('cldr-core: supplemental/territoryInfo.json gives US English no status; has its layout changed?');
  const countries = countryCodes.map((country) => ({
    country,
    languages: Object.entries(territories[country]?.languagePopulation ?? {})
      .filter(([, language]) => language._officialStatus)
      .map(([tag, language]) => ({
        language: tag.replace('_', '-'),
        status: language._officialStatus!,
        population_percent: Number(language._populationPercent),
      }))
      .sort((a, b) => b.population_percent - a.population_percent || a.language.localeCompare(b.language)),
  }));
  const byLocale = new Map(chains.tags.map((tag) => [tag, displayNames(tag)]));
  const tags = [...new Set(countries.flatMap((entry) => entry.languages.map((language) => language.language)))].sort();
  const names = tags.map((language) => ({
    language,
    names: Object.fromEntries(
      pruneByFallback(
        new Map(
          chains.tags.flatMap((tag) => {
            const name = nameIn(byLocale.get(tag)!, language);
            return name && inLocaleScript(tag, [name]) ? [[tag, name] as const] : [];
          }),
        ),
        chains,
      ),
    ),
  }));
  return { countries, names };
}
