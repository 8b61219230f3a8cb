/**
 * ISO 3166-2 subdivisions: Debian iso-codes (code, category, parent and ISO's name, cleaned of the
 * list's annotations: iso-names.ts), brought up to date by data/curated/subdivision-changes.json (ISO's
 * changes since iso-codes last imported them, each from ISO's change history); the result must list
 * exactly the codes CLDR's subdivision containment lists, so a change neither source has is caught.
 * English names from CLDR where it has one that is current, else CLDR's name of the country where the
 * subdivision is also one (FR-PF), else ISO's; translations from CLDR and
 * iso-codes' gettext catalogues, and ISO's own name in the country's one official language where
 * neither has it, for supported locales only and only where they differ from what the fallback chain shows.
 * Wrong upstream names are corrected by data/curated/name-overrides.json; names no upstream has in a
 * locale's script are filled from data/curated/subdivision-names.json.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { readIsoCodes } from '../lib/upstream.ts';
import { subdivisionLocales, subdivisionNames, territoryNames } from '../lib/cldr-names.ts';
import type { LocalesDataset } from './import-locales.ts';
import { isoCodesCatalogues } from './iso-codes-catalogues.ts';
import { cleanIsoName, cleanTranslations, keptEnglishWord } from '../lib/iso-names.ts';
import { withoutInheritedNames, withoutSharedNames } from './distinct-names.ts';
import { withoutQualifiers } from './qualifiers.ts';
import { RegionalNameList } from './regional-names.ts';
import type { NameOverrides } from './name-overrides.ts';
import type { CuratedSubdivisionNames } from './subdivision-names.ts';
import type { OtherScriptNames } from './other-script-names.ts';
import { cldrCodes, cldrId, localNameLanguages, officialLanguages, territoryOfSubdivision } from '../lib/cldr-subdivisions.ts';
import { exceptionKey } from '../lib/source-trust.ts';
import { isStrippedRomanization } from '../lib/romanization.ts';
import { otherPlaceNamed, type PlaceNames, placeIndex } from '../lib/other-place-names.ts';
import { editDistance } from '../lib/name-words.ts';
import { CityProvinceCheck } from '../lib/city-province-words.ts';

interface IsoEntry {
  code: string;
  name: string;
  type: string;
  parent?: string;
}
type Change =
  | { code: string; status: 'current'; type: string; iso_name: string; parent: string | null; source: string }
  | { code: string; status: 'withdrawn'; withdrawn: string | null; replaced_by: string[]; source: string };

/** iso-codes gives most parents without the country prefix (NX) and some with it (GB-ENG). */
const qualifiedParent = (code: string, parent: string) => (parent.includes('-') ? parent : `${code.split('-')[0]}-${parent}`);

/**
 * Whether ISO's name is in the national language, as far as its own marks tell: not one ISO marks as
 * in a regional language (an asterisk: "Alacant*", or a name in brackets beside it: "Catalunya
 * [Cataluña]"; a bracketed code is no such mark), nor one it qualifies in brackets ("Maritime (Région)").
 */
function isInNationalLanguage(listed: string | null, cleaned: string): boolean {
  if (listed !== null && (listed.includes('*') || /\[(?![A-Z]{2}-[A-Z0-9]{1,3}\])[^\]]+\]/.test(listed))) return false;
  return /^[\p{Script=Latin}\p{Mark}\p{Zs}\d'’.,-]+$/u.test(cleaned);
}

/**
 * Whether a catalogue's translation is one: not a single all-lower-case word in a script with case
 * ("roma", "liberec" are no names), not ISO's local name copied into a language that is not the
 * country's own ("Beijing Shi" in French), not half a translation that keeps English words ISO's name
 * lacks ("Southern Nations, Nationalities und Peoples", "Istria County" in Hungarian), and not a comma
 * ISO's name lacks, left of an order the cleaning could not undo ("Navarra, Forale Gemeenschap") or of a
 * name in a third language ("Tierra del Fuego, Antártida, e Islas del Atlántico Sur" in French).
 */
function isTranslation(text: string, isoNames: string[], tag: string, official: Set<string> | undefined): boolean {
  // Georgian has upper-case letters in Unicode but is written without case: only these scripts capitalize names.
  if (/^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}'’-]+$/u.test(text) && text === text.toLowerCase()) return false;
  if (keptEnglishWord(text, tag, isoNames) || (text.includes(',') && !isoNames.some((name) => name.includes(',')))) return false;
  return !isoNames.includes(text) || Boolean(official?.has(tag.split('-')[0]));
}

/** A change of spelling ("Huizi" -> "Huizu") keeps the translations of the old name; a new name does not. */
const isRespelling = (before: string, after: string) => editDistance(before, after, 2) <= 2;

/** iso-codes' entries with ISO's later changes applied, and the codes those changes withdrew. */
function currentEntries(dataDir: string) {
  const changes: Change[] = readJson(join(dataDir, 'curated', 'subdivision-changes.json'));
  const entries = new Map(
    readIsoCodes<IsoEntry>('3166-2').map((entry) => [
      entry.code,
      {
        code: entry.code,
        msgid: entry.name as string | null,
        isoName: cleanIsoName(entry.name),
        formerIsoName: null as string | null,
        type: entry.type,
        parent: entry.parent ? qualifiedParent(entry.code, entry.parent) : null,
      },
    ]),
  );
  const withdrawn = [];
  for (const change of changes) {
    const entry = entries.get(change.code);
    if (change.status === 'withdrawn') {
      if (!entry) throw new Error(`subdivision-changes: ${change.code} is withdrawn but iso-codes does not list it`);
      entries.delete(change.code);
      withdrawn.push({
        code: change.code,
        country: change.code.split('-')[0],
        name: entry.isoName,
        withdrawn: change.withdrawn,
        replaced_by: change.replaced_by,
        source: change.source,
      });
    } else {
      const renamed = entry && entry.isoName !== change.iso_name;
      entries.set(change.code, {
        code: change.code,
        msgid: renamed && !isRespelling(entry.isoName, change.iso_name) ? null : (entry?.msgid ?? null),
        isoName: change.iso_name,
        formerIsoName: renamed ? entry.isoName : null,
        type: change.type,
        parent: change.parent,
      });
    }
  }
  const expected = cldrCodes();
  const missing = [...expected].filter((code) => !entries.has(code));
  const extra = [...entries.keys()].filter((code) => !expected.has(code));
  if (missing.length || extra.length) {
    throw new Error(
      `ISO 3166-2 codes differ from CLDR's subdivision containment; record the change in data/curated/subdivision-changes.json:\n` +
        `  CLDR only: ${missing.join(' ') || '-'}\n  ours only: ${extra.join(' ') || '-'}`,
    );
  }
  return { entries: [...entries.values()], withdrawn: withdrawn.sort((a, b) => a.code.localeCompare(b.code)) };
}

export function importSubdivisions(
  dataDir: string,
  locales: LocalesDataset,
  overrides: NameOverrides,
  curated: CuratedSubdivisionNames,
  otherScripts: OtherScriptNames,
) {
  const supported = new Set(locales.locales.map((locale) => locale.tag));
  const catalogues = [...isoCodesCatalogues('iso_3166-2', supported)].map(([tag, messages]) => [tag, cleanTranslations(messages)] as const);
  const cldr = subdivisionLocales()
    .filter((tag) => supported.has(tag))
    .map((tag) => [tag, subdivisionNames(tag)] as const);
  const english = subdivisionNames('en');
  const official = officialLanguages();
  const localLanguage = localNameLanguages(supported);
  const { entries, withdrawn } = currentEntries(dataDir);
  const typeCorrections: { upstream: string; value: string }[] = readJson(join(dataDir, 'curated', 'subdivision-types.json'));
  const unusedTypes = new Set(typeCorrections.map((correction) => correction.upstream));
  // ISO's category as ISO writes it, where iso-codes lower-cases a proper name (data/curated/subdivision-types.json).
  const typeOf = (type: string) => {
    unusedTypes.delete(type);
    return typeCorrections.find((correction) => correction.upstream === type)?.value ?? type;
  };
  const regional = new RegionalNameList(dataDir, supported);
  regional.checkAllCurrent(new Set(entries.map((entry) => entry.code)));
  const territories = territoryOfSubdivision();
  // A withdrawn code that was a territory (FR-GF, GF) hands it on to the one subdivision code that took its place (FR-973).
  for (const entry of withdrawn) {
    const successors = entry.replaced_by.filter((code) => code.includes('-'));
    if (territories.has(entry.code) && successors.length === 1) territories.set(successors[0], territories.get(entry.code)!);
  }

  const reviewed = new Set(
    readJson<{ code: string; field: string; locale: string; value: string; check: string }[]>(join(dataDir, 'curated', 'name-check-exceptions.json')).map(
      exceptionKey,
    ),
  );
  const dropped: { code: string; field: string; locale: string; value: string; check: string; detail: string; source: string }[] = [];
  const fromCatalogue = new Set<string>();
  let places: ReturnType<typeof placeIndex> | undefined;
  const cityProvince = new CityProvinceCheck(readJson(join(dataDir, 'curated', 'city-province-words.json')));
  /**
   * Drops a catalogue's name that is ISO's romanization without its diacritics (once its qualifier is gone),
   * another country's place's name, or a city called by a province's word or the reverse, unless reviewed.
   */
  const withoutStrippedRomanizations = (subdivision: PlaceNames & { type: string }) => {
    for (const [tag, value] of Object.entries(subdivision.name)) {
      // A value an override corrects or removes is reviewed there.
      if (!fromCatalogue.has(`${subdivision.code}\0${tag}`) || overrides.reviews(subdivision.code, 'name', tag)) continue;
      const other = otherPlaceNamed(value, subdivision, places!);
      const stripped = isStrippedRomanization(value, subdivision.iso_name);
      const confused = cityProvince.failure(subdivision, tag, value);
      if (!other && !stripped && !confused) continue;
      const found = { code: subdivision.code, field: 'name', locale: tag, value, source: 'iso-codes' };
      const failure = stripped
        ? { ...found, check: 'stripped-romanization', detail: `ISO's ${JSON.stringify(subdivision.iso_name)} without its diacritics` }
        : other
          ? { ...found, check: 'other-place-name', detail: `the name of ${other}` }
          : { ...found, check: 'city-province-word', detail: confused! };
      if (reviewed.has(exceptionKey(failure))) continue;
      dropped.push(failure);
      delete subdivision.name[tag];
    }
  };
  const named = entries.map((entry) => {
    const id = cldrId(entry.code);
    const country = entry.code.split('-')[0];
    // CLDR's English is stale where it repeats a name ISO has since replaced ("Province 1" for Koshi).
    const cldrEnglish = english[id] && cleanIsoName(english[id]) !== entry.formerIsoName ? cleanIsoName(english[id]) : null;
    const territory = territories.get(entry.code);
    const name: Record<string, string> = { en: (territory && territoryNames('en')[territory]) ?? cldrEnglish ?? entry.isoName };
    for (const [tag, names] of cldr) {
      if (tag !== 'en' && names[id]) name[tag] = cleanIsoName(names[id]);
    }
    // A subdivision that is also a country (French Polynesia) is named as CLDR names the country, in every locale.
    if (territory) for (const tag of supported) if (territoryNames(tag)[territory]) name[tag] = territoryNames(tag)[territory];
    for (const [tag, messages] of catalogues) {
      const translated = entry.msgid === null ? undefined : messages.get(entry.msgid);
      if (translated && !name[tag] && isTranslation(translated, [entry.isoName, cleanIsoName(entry.msgid!)], tag, official.get(country))) {
        name[tag] = translated;
        fromCatalogue.add(`${entry.code}\0${tag}`);
      }
    }
    const local = localLanguage.get(country);
    if (local && !name[local] && isInNationalLanguage(entry.msgid, entry.isoName)) name[local] = entry.isoName;
    regional.apply(entry, name);
    return { code: entry.code, country, type: typeOf(entry.type), parent: entry.parent, iso_name: entry.isoName, name, territory: Boolean(territory) };
  });
  if (unusedTypes.size)
    throw new Error(`subdivision-types: no subdivision has the category ${[...unusedTypes].join(', ')}; review data/curated/subdivision-types.json`);
  withoutQualifiers(named);
  places = placeIndex(named);
  const subdivisions = named.map(({ territory, ...subdivision }) => {
    withoutStrippedRomanizations(subdivision);
    overrides.apply(subdivision.code, 'name', subdivision.name);
    curated.apply(subdivision.code, subdivision.name);
    // After the corrections, which name the wrong upstream value they replace: what is left in another script goes.
    otherScripts.drop('subdivisions', subdivision.name);
    return subdivision;
  });
  withoutSharedNames(
    subdivisions,
    locales,
    (code) => new Set([...overrides.curatedLocales(code, 'name'), ...regional.curatedLocales(code), ...curated.curatedLocales(code)]),
  );
  withoutInheritedNames(subdivisions, locales);
  subdivisions.sort((a, b) => a.code.localeCompare(b.code));
  return { subdivisions, withdrawn, dropped };
}
