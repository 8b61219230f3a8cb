import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { subdivisionLocales, subdivisionNames } from '../build/lib/cldr-names.ts';
import { type IsoCountry, readIsoCodes } from '../build/lib/upstream.ts';
import { readDataset } from './helpers/datasets.ts';
import { requirePackages } from './helpers/debian-packages.ts';

const countries = readDataset('countries');
const subdivisions = readDataset('subdivisions');
const withdrawn = readDataset('withdrawn-codes');
const country = (code: string) => countries.find((entry) => entry.alpha2 === code)!;
const subdivision = (code: string) => subdivisions.find((entry) => entry.code === code)!;

const names = suite('data: names a reader of the locale expects');

/** [code, locale, name a reader expects] — English from CLDR, not ISO's local form; known upstream errors corrected. */
const SUBDIVISION_NAMES: [string, string, string][] = [
  ['DE-BY', 'en', 'Bavaria'],
  ['AE-AZ', 'en', 'Abu Dhabi'],
  ['AE-DU', 'en', 'Dubai'],
  ['RU-SPE', 'en', 'Saint Petersburg'],
  ['CN-BJ', 'en', 'Beijing'],
  ['GB-WLS', 'en', 'Wales'],
  ['GB-SCT', 'fr', 'Écosse'],
  ['DE-BY', 'fr', 'Bavière'],
  ['KZ-71', 'en', 'Astana'],
  ['IR-01', 'en', 'Gilan'],
  ['IR-03', 'en', 'East Azerbaijan'],
  ['MA-06', 'en', 'Casablanca-Settat'],
  ['NP-P1', 'en', 'Koshi'],
  ['CA-NL', 'de', 'Neufundland und Labrador'],
  ['CZ-10', 'en', 'Prague'],
  ['AD-02', 'ka', 'კანილო'],
  ['FR-PF', 'en', 'French Polynesia'],
  ['US-PR', 'ja', 'プエルトリコ'],
  // ISO's local name in the country's one official language, where CLDR has none in it.
  ['BR-DF', 'pt', 'Distrito Federal'],
  ['AZ-BA', 'az', 'Bakı'],
  ['SE-AB', 'sv', 'Stockholms län'],
  ['PL-02', 'pl', 'Dolnośląskie'],
  ['SK-BC', 'sk', 'Banskobystrický kraj'],
  ['LV-080', 'lv', 'Ropažu novads'],
  ['ES-AN', 'es', 'Andalucía'],
  // Where ISO names a Spanish community in its regional language only, the Spanish name is curated.
  ['ES-CT', 'es', 'Cataluña'],
  ['ES-PV', 'es', 'País Vasco'],
  // Regional and official languages get ISO's name in them (data/curated/regional-names.json).
  ['ES-CT', 'ca', 'Catalunya'],
  ['ES-PV', 'eu', 'Euskal Herria'],
  ['ES-NC', 'eu', 'Nafarroako Foru Komunitatea'],
  ['ES-A', 'ca', 'Alacant'],
  ['ES-VC', 'ca', 'Comunitat Valenciana'],
  ['BE-VLG', 'de', 'Flämische Region'],
  ['BE-WAL', 'de', 'Wallonische Region'],
  // Japanese prefectures as JIS X 0401 writes them.
  ['JP-13', 'ja', '東京都'],
  ['JP-27', 'ja', '大阪府'],
  ['JP-26', 'ja', '京都府'],
  ['JP-47', 'ja', '沖縄県'],
  // Catalogue artefacts cleaned: one name of several, reading order, no qualifier, no trailing comma.
  ['JP-13', 'nl', 'Tokio'],
  ['KR-43', 'nl', 'Noord-Chungcheong'],
  ['TZ-11', 'nl', 'Centraal- en Zuid-Zanzibar'],
  ['CL-RM', 'nl', 'Hoofdstedelijke Regio van Santiago'],
  ['RU-BA', 'vi', 'Cộng Hoà Bashkortostan'],
  ['BE-VLG', 'fr', 'Région flamande'],
  ['NO-21', 'uk', 'Шпіцберген'],
  ['BG-22', 'uk', 'Софія (столиця)'],
  // Wrong English names and misspellings, corrected.
  ['GB-PTE', 'en', 'Peterborough'],
  ['GB-LND', 'en', 'City of London'],
  ['NO-54', 'en', 'Troms og Finnmark'],
  ['NO-54', 'no', 'Troms og Finnmark'],
  ['MX-CMX', 'en', 'Mexico City'],
  ['CN-NM', 'en', 'Inner Mongolia'],
  ['RU-YEV', 'en', 'Jewish Autonomous Oblast'],
  ['FR-20R', 'en', 'Corsica'],
  ['IN-CG', 'en', 'Chhattisgarh'],
  ['CH-FR', 'ru', 'Фрибур'],
  ['RU-KYA', 'uk', 'Красноярський край'],
  ['TH-51', 'ja', 'ランプーン'],
  ['ZA-WC', 'it', 'Capo Occidentale'],
  ['DE-TH', 'fr', 'Thuringe'],
  ['JP-11', 'zh', '埼玉县'],
  ['RU-UD', 'uk', 'Удмуртська Республіка'],
  ['FR-973', 'en', 'French Guiana'],
];
for (const [code, tag, expected] of SUBDIVISION_NAMES) {
  // What a reader of the locale sees: its own name, or English where that is the same.
  names(`should name ${code} "${expected}" in ${tag}`, () => assert.is(subdivision(code).name[tag] ?? subdivision(code).name.en, expected));
}

/** Translations iso-codes gets wrong (another place's name, a script's name, a typo), gone from the data. */
const WRONG: [string, string, string][] = [
  ['BY-VI', 'de', 'Brest'],
  ['MH-ALL', 'de', 'Ailinginae'],
  ['MA-BRR', 'nl', 'Errachidia'],
  ['EE-284', 'pl', 'Kambja'],
  ['PA-10', 'nl', 'Panama'],
  ['AL-03', 'sr-Latn', 'elbasansko pismo'],
  ['BR-SP', 'fr', 'Sôo Paulo'],
  ['IT-RM', 'fr', 'roma'],
  ['CZ-51', 'fr', 'liberec'],
  // ISO's name is a romanization (Arabic) or in a regional language (Valencian, Catalan), not the locale's name.
  ['AE-DU', 'ar', 'Dubayy'],
  ['ES-A', 'es', 'Alacant'],
  ['ES-CT', 'es', 'Catalunya'],
  // Another place's name, half a translation, a name in a third language.
  ['IN-SK', 'zh', '泰米尔纳德邦'],
  ['GB-HRT', 'zh', '赫里福德郡'],
  ['GB-SHN', 'fr', 'Sainte-Hélène'],
  ['VN-HP', 'be', 'Ханой'],
  ['ET-SN', 'de', 'Southern Nations, Nationalities und Peoples'],
  ['AR-V', 'fr', 'Tierra del Fuego, Antártida, e Islas del Atlántico Sur'],
  ['BE-VLG', 'de', 'Vlaams Gewest'],
  ['MA-ESM', 'pl', 'Asmara'],
];
for (const [code, tag, wrong] of WRONG) {
  names(`should not call ${code} "${wrong}" in ${tag}`, () => assert.is.not(subdivision(code).name[tag], wrong));
}

names('should carry none of the ISO list annotations in any name (brackets, daggers, EH, inverted order)', () => {
  const annotated = subdivisions.flatMap((entry) =>
    [entry.iso_name, ...Object.values<string>(entry.name)]
      .filter((text) => /[[\]†]|\(EH|, (Respublika|Comunidad de|Región de|City of|Provincie)$/.test(text))
      .map((text) => `${entry.code}: ${text}`),
  );
  assert.equal(annotated, []);
});

names('should name England, Scotland and Wales as CLDR does in every served locale CLDR names them in', () => {
  const served = new Set(readDataset('locales').locales.map((locale) => locale.tag));
  const cldrLocales = subdivisionLocales().filter((tag) => served.has(tag));
  assert.ok(cldrLocales.length >= 80, `${cldrLocales.length} locales`);
  const chains = new Map<string, string[]>(readDataset('locales').locales.map((locale) => [locale.tag, [locale.tag, ...locale.fallback]]));
  // What the reader sees: the name along the locale's chain (a name equal to its fallback's is not stored again).
  const shown = (code: string, tag: string) =>
    chains
      .get(tag)!
      .map((locale) => subdivision(code).name[locale])
      .find(Boolean) ?? subdivision(code).name.en;
  for (const tag of cldrLocales) {
    const cldr = subdivisionNames(tag);
    for (const code of ['GB-ENG', 'GB-SCT', 'GB-WLS']) {
      const expected = cldr[code.replace('-', '').toLowerCase()];
      if (expected) assert.is(shown(code, tag), expected, `${code} in ${tag}`);
    }
  }
});

names("should hold every ISO 3166-1 short name, and an official name that is ISO's (else its short name in reading order), never the common name", () => {
  requirePackages('iso-codes');
  const iso = readIsoCodes<IsoCountry>('3166-1');
  const corrected = new Set(
    readDataset('curated/name-overrides')
      .filter((override) => override.field === 'official_name' && override.locale === 'en')
      .map((override) => override.code),
  );
  // ISO's names as they are now, where iso-codes has not followed a change (NL, IS, MM).
  const renamed = new Map<string, string>(
    readDataset('curated/iso-renames')
      .filter((rename) => !rename.in_iso_codes)
      .map((rename) => [`${rename.code} ${rename.renamed}`, rename.current]),
  );
  for (const entry of iso) {
    const ours = country(entry.alpha_2);
    assert.is(ours.iso_name?.en, renamed.get(`${entry.alpha_2} short_name`) ?? entry.name, entry.alpha_2);
    const official = entry.official_name && (renamed.get(`${entry.alpha_2} full_name`) ?? entry.official_name);
    if (official && !corrected.has(entry.alpha_2)) assert.is(ours.official_name.en, official, entry.alpha_2);
    else if (ours.official_name.en === ours.name.en) assert.is(entry.name, ours.name.en, `${entry.alpha_2}: the common name stands in for ISO's`);
  }
  const OFFICIAL: [string, string][] = [
    ['RU', 'Russian Federation'],
    ['KR', 'Republic of Korea'],
    ['CD', 'Democratic Republic of the Congo'],
    ['BR', 'Federative Republic of Brazil'],
  ];
  for (const [code, official] of OFFICIAL) assert.is(country(code).official_name.en, official, code);
  assert.is(country('KR').iso_name?.en, 'Korea, Republic of');
});

names("should hold every name in Unicode NFC, without ISO's footnote asterisks", () => {
  const texts = [...countries.flatMap((entry) => [entry.name, entry.iso_name ?? {}, entry.official_name]), ...subdivisions.map((entry) => entry.name)].flatMap(
    (localized) => Object.values<string>(localized),
  );
  assert.equal(
    texts.filter((text) => text !== text.normalize('NFC') || text.endsWith('*')),
    [],
  );
});

names('should write Romanian official names in Latin script, and keep no catalogue in the wrong language', () => {
  assert.is(country('US').official_name.ro, 'Statele Unite ale Americii');
  const cyrillic = countries.filter((entry) => /\p{Script=Cyrillic}/u.test(entry.official_name.ro ?? '')).map((entry) => entry.alpha2);
  assert.equal(cyrillic, []);
  assert.equal(
    countries.filter((entry) => entry.official_name.cv).map((entry) => entry.alpha2),
    [],
    'the cv catalogue is Chechen',
  );
  assert.equal(
    countries.filter((entry) => entry.official_name.am).map((entry) => entry.alpha2),
    [],
    'the am catalogue is mis-encoded',
  );
});

names('should give Afghanistan its own official name in Portuguese', () => {
  assert.is(country('AF').official_name.pt, 'República Islâmica do Afeganistão');
});

const codes = suite('data: codes as current as ISO, withdrawn ones kept with their successors');

/** [withdrawn code, the codes that took its place] */
const WITHDRAWN_SUBDIVISIONS: [string, string[]][] = [
  ['KZ-AST', ['KZ-71']],
  ['IN-OR', ['IN-OD']],
  ['GB-NTH', ['GB-NNH', 'GB-WNH']],
  ['FR-GP', ['FR-971', 'GP']],
];
for (const [code, successors] of WITHDRAWN_SUBDIVISIONS) {
  codes(`should list ${code} as withdrawn, replaced by ${successors.join(' and ')}`, () => {
    assert.not.ok(subdivision(code));
    assert.equal(withdrawn.subdivisions.find((entry) => entry.code === code)?.replaced_by, successors);
  });
}

const WITHDRAWN_COUNTRIES: [string, string[]][] = [
  ['ZRCD', ['CD']],
  ['BUMM', ['MM']],
  ['YUCS', ['ME', 'RS']],
  ['CSHH', ['CZ', 'SK']],
  ['SUHH', ['AM', 'AZ', 'BY', 'EE', 'GE', 'KG', 'KZ', 'LT', 'LV', 'MD', 'RU', 'TJ', 'TM', 'UA', 'UZ']],
];
for (const [alpha4, successors] of WITHDRAWN_COUNTRIES) {
  codes(`should list ISO 3166-3 ${alpha4} as replaced by ${successors.join(', ')}`, () => {
    assert.equal(withdrawn.countries.find((entry) => entry.alpha4 === alpha4)?.replaced_by, successors);
  });
}

codes("should list the codes ISO added since iso-codes 4.15 (Kazakhstan's numeric codes, Latvia's 2021 municipalities, FR-75C)", () => {
  for (const code of ['KZ-10', 'KZ-71', 'LV-111', 'FR-75C', 'FR-6AE', 'IN-OD', 'DZ-58']) assert.ok(subdivision(code), code);
  assert.is(subdivision('FR-6AE').parent, 'FR-GES');
});

names.run();
codes.run();
