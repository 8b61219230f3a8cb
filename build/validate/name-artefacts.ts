/**
 * Gate: no name carries what a catalogue or ISO's list leaves in it instead of a name. In every
 * locale of every subdivision name, local name and country name: names joined with ";", ISO's marks
 * (asterisk, dagger, square brackets, superscript numbers, "(EH)" or Western Sahara named in
 * brackets), punctuation left at the end, a hyphen left hanging ("Trentin- Haut Adige"), and English
 * words half a translation keeps ("Southern Nations, Nationalities und Peoples"). In subdivision names
 * also a qualifier in brackets or a comma (an inverted designation: "Santiago, Hoofdstedelijke Regio
 * van"; a name in a third language: "Tierra del Fuego, Antártida, e Islas del Atlántico Sur" in fr)
 * unless the name is written so in English or by ISO, is a country's CLDR name, or its bracket is
 * what tells two subdivisions of one country apart. In country names, a bracket that holds another
 * name of the same country ("大韓民国 (韓国)") or Latin text in another script ("(Holy See)" in ko).
 * And no subdivision type writes a proper name in lower case ("Autonomous city in north africa").
 */
import { scriptOf } from '../lib/locale-script.ts';
import { keptEnglishWord } from '../lib/iso-names.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets, Subdivision } from '../types/datasets.ts';
import type { Check } from './validation-memo.ts';

const MARKS = /[;*†[\]¹²³⁴-⁹]|\(\s*(EH|ЕХ)\b|\bEH\)/u;
const HANGING_HYPHEN = /\p{L}- (?!(en|und|og|och|et|and|i|a|e|y|és|ja|і|и|та)\s)/u;
const BRACKET = /\(([^()]*)\)/gu;

/** Punctuation at the end that is not an abbreviation's full stop ("EE. UU.", "S.A.M."). */
function endsInPunctuation(text: string): boolean {
  return /[,;:]$/u.test(text) || (text.endsWith('.') && text.indexOf('.') === text.length - 1);
}

/** What is wrong with one name in any dataset, or null. */
export function artefactIn(text: string): string | null {
  if (text !== text.trim() || /\s{2}/u.test(text)) return 'stray spaces';
  if (MARKS.test(text)) return "a list mark (';', '*', '†', '[ ]', a superscript, EH)";
  if (endsInPunctuation(text)) return 'punctuation at the end';
  if (HANGING_HYPHEN.test(text)) return 'a hyphen left hanging';
  return null;
}

const withoutBrackets = (text: string) => text.replace(BRACKET, '').replace(/\s+/gu, ' ').trim();

/** Per locale, the country names written in it. */
type NamesByLocale = Map<string, Set<string>>;

function checkSubdivisions(data: Datasets, westernSahara: Record<string, string>, countryNames: NamesByLocale, problems: Problems): void {
  const subdivisions = data.subdivisions;
  const byCountry = new Map<string, Subdivision[]>();
  for (const subdivision of subdivisions) {
    if (!byCountry.has(subdivision.country)) byCountry.set(subdivision.country, []);
    byCountry.get(subdivision.country)!.push(subdivision);
  }
  subdivisions.forEach((subdivision, index) => {
    const check = (text: string, tag: string, pointer: string) => {
      const reason = artefactIn(text) ?? structureIn(text, tag);
      if (reason) problems.add(`/${index}/${pointer}`, `${subdivision.code} ${pointer} ${JSON.stringify(text)}: ${reason}`);
    };
    const structureIn = (text: string, tag: string): string | null => {
      // What a name may share with English or ISO's name; ISO's name is checked against English alone.
      const reference = tag === 'iso' ? [subdivision.name.en] : [subdivision.name.en, subdivision.iso_name];
      const sahara = westernSahara[tag];
      const bracketed = text.includes('(');
      if (sahara && bracketed && [...text.matchAll(BRACKET)].some((match) => match[1].includes(sahara))) return 'Western Sahara named in brackets';
      if (countryNames.get(tag)?.has(text) || reference.includes(text)) return null;
      const english = tag === 'iso' ? null : keptEnglishWord(text, tag, reference); // ISO's local name may be English
      if (english) return `the English word "${english}" in a ${tag} name`;
      // The siblings' names only for a name with a bracket: built for every name, they cost most of a build's validation.
      if (/[()]/u.test(text)) {
        const siblings = byCountry.get(subdivision.country)!.filter((other) => other !== subdivision);
        const siblingNames = new Set(
          siblings.flatMap((other) => {
            const name = tag === 'iso' ? other.iso_name : (other.name[tag] ?? other.name.en);
            return [name, withoutBrackets(name)];
          }),
        );
        if (!siblingNames.has(withoutBrackets(text))) return 'a qualifier in brackets';
      }
      if (tag !== 'iso' && text.includes(',') && !reference.some((name) => name.includes(',')))
        return 'a comma where neither English nor ISO has one (an inverted designation, or a list in another language)';
      return null;
    };
    // iso-codes lower-cases proper names in ISO's categories ("Autonomous city in north africa").
    if (/\b(africa|america|asia|europe|oceania|arctic|antarctic)/u.test(subdivision.type))
      problems.add(
        `/${index}/type`,
        `${subdivision.code} type ${JSON.stringify(subdivision.type)}: a lower-case proper name (data/curated/subdivision-types.json corrects it)`,
      );
    check(subdivision.iso_name, 'iso', 'iso_name');
    for (const [tag, text] of Object.entries<string>(subdivision.name)) check(text, tag, `name/${tag}`);
  });
}

function checkCountries(data: Datasets, latinLocales: Set<string>, problems: Problems): void {
  data.countries.forEach((country, index) => {
    const fields = ['name', 'official_name', 'iso_name', 'alternative_names'] as const;
    const namesIn = (tag: string) =>
      new Set(
        fields
          .flatMap((field) => [country[field]?.[tag], country[field]?.en])
          .flat()
          .filter(Boolean),
      );
    for (const field of fields) {
      // CLDR's own names may hold a bracket ("Myanmar (Burma)"); ISO's and the catalogues' may not hold another name in one.
      const isoField = field === 'official_name' || field === 'iso_name';
      const isoBracket = /\(/u.test([country[field]?.en ?? ''].flat().join(' ')); // "Holy See (Vatican City State)": the bracket is ISO's
      for (const [tag, value] of Object.entries<string | string[]>(country[field] ?? {})) {
        // A list as it is, a name as a list of one: `[value].flat()` costs more than the checks, name by name.
        for (const text of Array.isArray(value) ? value : [value]) {
          const brackets = isoField && text.includes('(') ? [...text.matchAll(BRACKET)].map((match) => match[1].trim()) : [];
          const reason =
            artefactIn(text) ??
            (!isoBracket && brackets.some((inside) => namesIn(tag).has(inside)) ? 'another name of the country in brackets' : null) ??
            (!latinLocales.has(tag) && brackets.some((inside) => /^[\p{Script=Latin}\s'’.-]+$/u.test(inside)) ? 'Latin text in brackets' : null);
          if (reason) problems.add(`/${index}/${field}/${tag}`, `${country.alpha2} ${field} ${tag} ${JSON.stringify(text)}: ${reason}`);
        }
      }
    }
  });
}

/** Subdivision names: the problems of data/subdivisions.json. */
function subdivisionArtefacts(data: Datasets): Problem[] {
  const countries = data.countries;
  const westernSahara: Record<string, string> = countries.find((country) => country.alpha2 === 'EH')?.name ?? {};
  const countryNames: NamesByLocale = new Map();
  for (const country of countries) {
    for (const [tag, text] of Object.entries<string>(country.name)) {
      let inLocale = countryNames.get(tag);
      if (!inLocale) countryNames.set(tag, (inLocale = new Set()));
      inLocale.add(text);
    }
  }
  const problems = new Problems('data/subdivisions.json');
  checkSubdivisions(data, westernSahara, countryNames, problems);
  return problems.list;
}

/** Country names: the problems of data/countries.json. */
function countryArtefacts(data: Datasets): Problem[] {
  const latinLocales = new Set<string>(data.locales.locales.map((locale) => locale.tag).filter((tag: string) => scriptOf(tag) === 'Latn'));
  const problems = new Problems('data/countries.json');
  checkCountries(data, latinLocales, problems);
  return problems.list;
}

/** The gate in two checks, in the order of their problems: the validation memo runs again only the one whose datasets a change touches. */
export const NAME_ARTEFACT_CHECKS: Check[] = [subdivisionArtefacts, countryArtefacts];
