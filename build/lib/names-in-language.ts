import type { Country } from '../types/datasets.ts';

/** Every name of a country in a language (common, official, ISO short, alternatives), in all its locales, each once. */
export function namesInLanguage(country: Pick<Country, 'name' | 'official_name' | 'iso_name' | 'alternative_names'>, language: string): string[] {
  const ofLanguage = ([tag]: [string, unknown]) => tag.split('-')[0] === language;
  const fields = [country.name, country.official_name, country.iso_name ?? {}].flatMap((names) =>
    Object.entries(names)
      .filter(ofLanguage)
      .map(([, text]) => text),
  );
  const alternatives = Object.entries(country.alternative_names)
    .filter(ofLanguage)
    .flatMap(([, texts]) => texts);
  return [...new Set([...fields, ...alternatives])];
}
