import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readJson } from '../build/lib/canonical-json.ts';
import { formatProblem } from '../build/validate/problems.ts';
import { checkRecord } from '../build/validate/record-rules.ts';
import { judge, verdictProblems } from '../build/validate/references.ts';
import { compareWithTzdata } from '../build/validate/references/tzdata.ts';
import { requirePackages } from './helpers/debian-packages.ts';
import { DATA_DIR } from './helpers/paths.ts';

/** The datasets the record gate reads, read once; each case breaks its own copy. */
const READ = ['countries', 'locales', 'currencies', 'time-zones', 'languages', 'conventions', 'capitals'];
const committed = Object.fromEntries(READ.map((name) => [name, readJson(`${DATA_DIR}/${name}.json`)]));
const fresh = () => structuredClone(committed) as any;
const byCode = (code: string) => (entry: any) => entry.code === code || entry.id === code || entry.country === code;

/** Each a value an upstream once gave or a hand edit could: the gate must refuse it with file, pointer and reason. */
const BREACHES: { rule: string; mutate: (data: any) => void; expected: string }[] = [
  {
    rule: "a zone listed under no country's entry",
    expected: 'IN names Asia/Kolkata, which /zones does not list',
    mutate: (data) => {
      data['time-zones'].zones.find(byCode('Asia/Kolkata')).id = 'Asia/Calcutta';
    },
  },
  {
    rule: 'a Latin letter inside a Cyrillic name (CLDR sr once gave "aвганистански авгани")',
    expected: 'AFN name "aвганистански авгани" is not written in sr\'s script',
    mutate: (data) => {
      data.currencies.currencies.find(byCode('AFN')).names.sr = { name: 'aвганистански авгани', symbol: 'AFN', narrow_symbol: 'AFN' };
    },
  },
  {
    rule: 'the English name copied under French',
    expected: 'USD name "US Dollar" under fr is the English word',
    mutate: (data) => {
      const names = data.currencies.currencies.find(byCode('USD')).names;
      names.fr = names.en;
    },
  },
  {
    rule: 'the English language name copied under German',
    expected: 'haw name "Hawaiian" under de is the English word',
    mutate: (data) => {
      const names = data.languages.names.find((entry: any) => entry.language === 'haw').names;
      names.de = names.en;
    },
  },
  {
    rule: 'a country left out',
    expected: 'BG is missing',
    mutate: (data) => {
      data.currencies.countries = data.currencies.countries.filter((entry: any) => entry.country !== 'BG');
    },
  },
  {
    rule: 'a code used but not listed',
    expected: 'NO uses XYZ, which /currencies does not list with NO',
    mutate: (data) => {
      data.currencies.countries.find(byCode('NO')).currencies.push({ code: 'XYZ', since: null });
    },
  },
  {
    rule: 'a successor that does not exist',
    expected: 'BGN is replaced by BGX, which is no currency listed',
    mutate: (data) => {
      data.currencies.historic.find(byCode('BGN')).used_in[0].replaced_by.code = 'BGX';
    },
  },
  {
    rule: 'two cities with the role capital',
    expected: 'BO has two cities with the role capital',
    mutate: (data) => {
      for (const capital of data.capitals.find(byCode('BO')).capitals) capital.role = 'capital';
    },
  },
  {
    rule: 'a country without a capitals entry',
    expected: 'data/capitals.json#: FJ is missing',
    mutate: (data) => {
      data.capitals = data.capitals.filter((entry: any) => entry.country !== 'FJ');
    },
  },
  {
    rule: 'a name under a locale not served',
    expected: 'Oslo: xx is not a served locale',
    mutate: (data) => {
      data.capitals.find(byCode('NO')).capitals[0].name.xx = 'Oslo';
    },
  },
];

const gate = suite('record gate (build/validate/record-rules.ts)');

gate('should pass the committed data', () => {
  requirePackages('tzdata');
  assert.equal(checkRecord(fresh()).map(formatProblem), []);
});

// The breaches touch separate values, so one broken copy, checked once, holds them all.
const broken = fresh();
for (const { mutate } of BREACHES) mutate(broken);
let problems: string[] | undefined;
for (const { rule, expected } of BREACHES) {
  gate(`should refuse ${rule}`, () => {
    problems ??= checkRecord(broken).map(formatProblem);
    assert.ok(
      problems.some((line) => line.includes(expected)),
      `expected "${expected}" among ${JSON.stringify(problems)}`,
    );
  });
}

gate.run();

const reference = suite('tzdata reference (build/validate/references/tzdata.ts)');

reference('should refuse a link name in place of the zone tzdata defines, and miss the zone.tab line it left', () => {
  requirePackages('tzdata');
  const data = fresh();
  data['time-zones'].zones.find(byCode('Asia/Kolkata')).id = 'Asia/Calcutta';
  data['time-zones'].countries.find(byCode('IN')).zones = ['Asia/Calcutta'];
  const verdict = judge(compareWithTzdata(data), []);
  assert.equal(verdict.unexplained.map((disagreement) => disagreement.key).sort(), ['Asia/Calcutta/zone', 'IN/Asia/Kolkata']);
  assert.match(
    verdictProblems([verdict]).map(formatProblem).join('\n'),
    /data\/known-differences.json#\/tzdata: tzdata 2025b\S* disagrees on Asia\/Calcutta\/zone/,
  );
});

reference.run();
