import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import type { Datasets } from '../build/types/datasets.ts';
import * as assert from 'uvu/assert';
import worldCountries from 'world-countries';
import { readJson } from '../build/lib/canonical-json.ts';
import { readPackageJson } from '../build/lib/upstream.ts';
import { requirePackages } from './helpers/debian-packages.ts';
import { DATA_DIR } from './helpers/paths.ts';
import { capitalsOf, inLocale, record, zonesOf } from './helpers/record.ts';

const zones = suite('time zones (data/time-zones.json)');

const ZONES: [string, string, string?][] = [
  ['NO', 'Europe/Oslo', 'Europe/Berlin'],
  ['IS', 'Atlantic/Reykjavik', 'Africa/Abidjan'],
  ['IN', 'Asia/Kolkata', 'Asia/Calcutta'],
  ['UA', 'Europe/Kyiv', 'Europe/Kiev'],
  ['KZ', 'Asia/Almaty'],
  ['US', 'America/New_York'],
  ['XK', 'Europe/Belgrade'],
];
for (const [country, zone, not] of ZONES) {
  zones(`should give ${country} ${zone}${not ? `, not ${not}` : ''}`, () => {
    assert.ok(zonesOf(country).includes(zone));
    if (not) assert.not.ok(zonesOf(country).includes(not));
  });
}

zones('should hold every zone of tzdata zone.tab, under its country', () => {
  requirePackages('tzdata');
  const lines = readFileSync('/usr/share/zoneinfo/zone.tab', 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));
  for (const line of lines) {
    const [country, , zone] = line.split('\t');
    assert.ok(zonesOf(country).includes(zone), `${country} ${zone}`);
  }
});

zones("should name only zones node's ICU knows", () => {
  for (const zone of record.timeZones.zones) new Intl.DateTimeFormat('en', { timeZone: zone.id });
});

zones('should name Oslo in Norwegian and Kolkata in Hindi as CLDR does', () => {
  const zone = (id: string) => record.timeZones.zones.find((entry: any) => entry.id === id);
  assert.is(inLocale(zone('Europe/Kyiv').exemplar_city, 'uk')!.value, 'Київ');
  assert.is(inLocale(zone('Asia/Kolkata').exemplar_city, 'hi')!.value, 'कोलकाता');
  const metazone = record.timeZones.metazones.find((entry: any) => entry.id === zone('Europe/Oslo').metazone);
  assert.is(inLocale<any>(metazone.names, 'no')!.value.standard, 'sentraleuropeisk normaltid');
});

zones.run();

const languages = suite('languages (data/languages.json)');
const territoryInfo = readPackageJson<any>('cldr-core', 'supplemental/territoryInfo.json').supplemental.territoryInfo;
const LANGUAGES: [string, string, string][] = [
  ['US', 'en', 'de_facto_official'],
  ['US', 'es', 'official_regional'],
  ['US', 'haw', 'official_regional'],
  ['NO', 'nb', 'official'],
  ['NO', 'se', 'official_regional'],
  ['KZ', 'kk', 'official'],
  ['KZ', 'ru', 'official'],
  ['BO', 'qu', 'official'],
];
for (const [country, language, status] of LANGUAGES) {
  languages(`should give ${language} in ${country} the status ${status}, as CLDR territoryInfo does`, () => {
    const entry = record.languages.countries
      .find((candidate: any) => candidate.country === country)
      .languages.find((candidate: any) => candidate.language === language);
    assert.is(entry.status, status);
    assert.is(territoryInfo[country].languagePopulation[language]._officialStatus, status);
    assert.is(entry.population_percent, Number(territoryInfo[country].languagePopulation[language]._populationPercent));
  });
}
languages.run();

const conventions = suite('conventions (data/conventions.json)');
const DAYS = ['', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
conventions("should agree with node's ICU on first day, weekend and hour cycle for every country", () => {
  for (const entry of record.conventions) {
    const locale: any = new Intl.Locale(`und-${entry.country}`);
    const week = locale.weekInfo ?? locale.getWeekInfo();
    assert.is(entry.first_day, DAYS[week.firstDay], `${entry.country} first day`);
    assert.is(entry.weekend.start, DAYS[week.weekend[0]], `${entry.country} weekend`);
    assert.is(entry.hour_cycle, (locale.hourCycles ?? locale.getHourCycles())[0], `${entry.country} hour cycle`);
  }
});
const CONVENTIONS: [string, string, string, string][] = [
  ['US', 'sun', 'US', 'US-Letter'],
  ['NO', 'mon', 'metric', 'A4'],
  ['GB', 'mon', 'UK', 'A4'],
  ['CA', 'sun', 'metric', 'US-Letter'],
];
for (const [country, day, system, paper] of CONVENTIONS) {
  conventions(`should give ${country} ${day}, ${system}, ${paper}`, () => {
    const entry = record.conventions.find((candidate) => candidate.country === country);
    assert.equal([entry.first_day, entry.measurement_system, entry.paper_size], [day, system, paper]);
  });
}
conventions.run();

const capitals = suite('capitals (data/capitals.json)');
const CAPITALS: [string, [string, string][]][] = [
  [
    'BO',
    [
      ['Sucre', 'constitutional_capital'],
      ['La Paz', 'seat_of_government'],
    ],
  ],
  [
    'NL',
    [
      ['Amsterdam', 'capital'],
      ['The Hague', 'seat_of_government'],
    ],
  ],
  [
    'CI',
    [
      ['Yamoussoukro', 'constitutional_capital'],
      ['Abidjan', 'seat_of_government'],
    ],
  ],
  [
    'MY',
    [
      ['Kuala Lumpur', 'capital'],
      ['Putrajaya', 'seat_of_government'],
    ],
  ],
  [
    'ME',
    [
      ['Podgorica', 'capital'],
      ['Cetinje', 'royal_capital'],
    ],
  ],
  ['NO', [['Oslo', 'capital']]],
  ['IS', [['Reykjavík', 'capital']]],
  ['KZ', [['Astana', 'capital']]],
  ['US', [['Washington, D.C.', 'capital']]],
  [
    'ZA',
    [
      ['Pretoria', 'executive_capital'],
      ['Cape Town', 'legislative_capital'],
      ['Bloemfontein', 'judicial_capital'],
    ],
  ],
  [
    'BI',
    [
      ['Gitega', 'capital'],
      ['Bujumbura', 'economic_capital'],
    ],
  ],
  ['FR', [['Paris', 'capital']]],
  ['MM', [['Nay Pyi Taw', 'capital']]],
];
for (const [country, expected] of CAPITALS) {
  capitals(`should give ${country} ${expected.map(([name, role]) => `${name} (${role})`).join(', ')}`, () => {
    assert.equal(
      capitalsOf(country).capitals.map((capital: any) => [capital.name.en, capital.role]),
      expected,
    );
  });
}
const NONE: [string, RegExp][] = [
  ['AQ', /Antarctic Treaty/],
  ['TK', /rotates among the three atolls/],
  ['NR', /no official capital/],
  ['BQ', /three separate public bodies/],
];
for (const [country, reason] of NONE) {
  capitals(`should give no capital to ${country}, with the reason`, () => {
    assert.is(capitalsOf(country).capitals, null);
    assert.match(capitalsOf(country).reason, reason);
  });
}
capitals('should place every capital world-countries names among ours, or list the difference with a reason', () => {
  const known = new Set(
    readJson<Datasets['known-differences']>(`${DATA_DIR}/known-differences.json`)['world-countries'].flatMap((group: any) =>
      group.differences.map((difference: any) => difference.key),
    ),
  );
  for (const entry of record.capitals.filter((candidate) => candidate.capitals)) {
    const theirs = (worldCountries as unknown as any[]).find((country) => country.cca2 === entry.country)?.capital ?? [];
    const ours = entry.capitals.map((capital: any) => capital.name.en);
    if (theirs.every((name: string) => ours.includes(name)) && ours.length === theirs.length) continue;
    assert.ok(known.has(`${entry.country}/capitals`), `${entry.country}: ours ${ours}, world-countries ${theirs}`);
  }
});
const OWN_WORDS: [string, string, string][] = [
  ['NL', 'nl', 'Amsterdam'],
  ['NO', 'no', 'Oslo'],
  ['BO', 'es-BO', 'La Paz'],
];
for (const [country, tag, expected] of OWN_WORDS) {
  capitals(`should give ${tag} its own name of ${expected}, from a locale of its own language, though English writes it alike`, () => {
    const city = capitalsOf(country).capitals.find((capital: any) => capital.zone && inLocale(capital.name, 'en')!.value === expected);
    const found = inLocale<string>(city.name, tag)!;
    assert.is(found.value, expected);
    assert.is(found.from.split('-')[0], tag.split('-')[0]);
  });
}
/** Capitals no zone is named for, so CLDR names them in no locale: their own language's name, from the constitution or government. */
const OWN_NAMES: [country: string, english: string, tag: string, expected: string][] = [
  ['KZ', 'Astana', 'kk', 'Астана'],
  ['KZ', 'Astana', 'ru', 'Астана'],
  ['CN', 'Beijing', 'zh', '北京'],
  ['VN', 'Hanoi', 'vi', 'Hà Nội'],
  ['NL', 'The Hague', 'nl', 'Den Haag'],
  ['AE', 'Abu Dhabi', 'ar', 'أبوظبي'],
];
for (const [country, english, tag, expected] of OWN_NAMES) {
  capitals(`should name ${english} ${expected} in ${tag}, with the source of the name`, () => {
    const city = capitalsOf(country).capitals.find((capital: any) => capital.name.en === english);
    assert.equal(inLocale<string>(city.name, tag), { value: expected, from: tag });
    assert.ok(city.names_source.length > 10);
  });
}
capitals('should list every country, each city with a source, or null with the reason', () => {
  const countries = readJson<{ alpha2: string }[]>(`${DATA_DIR}/countries.json`).map((country) => country.alpha2);
  assert.equal(record.capitals.map((entry: any) => entry.country).sort(), [...countries].sort());
  for (const entry of record.capitals) {
    if (!entry.capitals) assert.ok(entry.reason.length > 20, entry.country);
    for (const capital of entry.capitals ?? []) {
      assert.ok(capital.source.length > 10 && capital.name.en, `${entry.country} ${capital.name.en}`);
      assert.is(
        capital.coordinates === null,
        capital.coordinates_source === null,
        `${entry.country} ${capital.name.en}: coordinates and their source go together`,
      );
    }
  }
});
const COORDINATES: [string, number, { lat: number; lon: number } | null, RegExp | null][] = [
  ['NO', 0, { lat: 59.9167, lon: 10.75 }, /^tzdata zone\.tab, Europe\/Oslo$/],
  ['AU', 0, { lat: -35.2667, lon: 149.1333 }, /CIA World Factbook .*as\.json/],
  ['US', 0, { lat: 38.8833, lon: -77.0333 }, /CIA World Factbook .*us\.json/],
  ['BO', 0, null, null],
];
for (const [country, position, expected, source] of COORDINATES) {
  capitals(
    `should give ${country}'s ${position === 0 ? 'first' : 'other'} city ${expected ? `${expected.lat}, ${expected.lon}` : 'no coordinates'}: zone.tab's where it is a zone's principal location, else the Factbook's`,
    () => {
      const capital = capitalsOf(country).capitals[position];
      assert.equal(capital.coordinates, expected);
      if (source) assert.match(capital.coordinates_source, source);
      else assert.is(capital.coordinates_source, null);
    },
  );
}
capitals.run();
