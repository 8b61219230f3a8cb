import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readJson, writeCanonicalJson } from '../build/lib/canonical-json.ts';
import { formatProblem } from '../build/validate/problems.ts';
import { validateData } from '../build/validate/validate-data.ts';
import { gateMessages } from './helpers/gate.ts';
import { copyOfData, DATA_DIR, ROOT } from './helpers/paths.ts';
import type { Datasets } from '../build/types/datasets.ts';
import { realData } from './helpers/real-data.ts';

type Mutation = (data: any) => void;
const byCountry = (code: string) => (entry: any) => (entry.country ?? entry.alpha2) === code;
const byCode = (code: string) => (entry: any) => entry.code === code;
/** Sets one localized field of one record, as a catalogue once gave it. */
const naming =
  (code: string, field: string, tag: string, text: string | undefined): Mutation =>
  (records) => {
    const record = records.find(code.includes('-') ? byCode(code) : byCountry(code));
    if (text === undefined) delete record[field][tag];
    else record[field][tag] = text;
  };

/** The name gates (build/validate/name-*.ts, regional-languages.ts), each fed a value the upstreams once gave. */
const NAME_BREACHES: { rule: string; file: string; mutate: Mutation; expected: string }[] = [
  {
    rule: "names joined with ';'",
    file: 'subdivisions',
    expected: 'JP-13 name/nl "Tokio; Tokyo": a list mark',
    mutate: naming('JP-13', 'name', 'nl', 'Tokio; Tokyo'),
  },
  {
    rule: 'an inverted designation',
    file: 'subdivisions',
    expected: 'CL-RM name/nl "Santiago, Hoofdstedelijke Regio van": a comma',
    mutate: naming('CL-RM', 'name', 'nl', 'Santiago, Hoofdstedelijke Regio van'),
  },
  {
    rule: 'a name in a third language',
    file: 'subdivisions',
    expected: 'AR-V name/fr "Tierra del Fuego, Antártida, e Islas del Atlántico Sur": a comma',
    mutate: naming('AR-V', 'name', 'fr', 'Tierra del Fuego, Antártida, e Islas del Atlántico Sur'),
  },
  {
    rule: 'punctuation left at the end',
    file: 'subdivisions',
    expected: 'RU-BA name/vi "Cộng Hoà Bashkortostan,": punctuation at the end',
    mutate: naming('RU-BA', 'name', 'vi', 'Cộng Hoà Bashkortostan,'),
  },
  {
    rule: 'half a translation',
    file: 'subdivisions',
    expected: 'the English word "Southern" in a de name',
    mutate: naming('ET-SN', 'name', 'de', 'Southern Nations, Nationalities und Peoples'),
  },
  {
    rule: 'a hyphen left hanging',
    file: 'subdivisions',
    expected: 'IT-32 name/fr "Trentin- Haut Adige": a hyphen left hanging',
    mutate: naming('IT-32', 'name', 'fr', 'Trentin- Haut Adige'),
  },
  {
    rule: 'a qualifier in brackets',
    file: 'subdivisions',
    expected: 'NO-21 name/de "Svalbard (Arktische Region)": a qualifier in brackets',
    mutate: naming('NO-21', 'name', 'de', 'Svalbard (Arktische Region)'),
  },
  {
    rule: "ISO's (EH) mark, translated",
    file: 'subdivisions',
    expected: 'MA-10 name/uk "Гельмім-Уед Нун (частково EH)": a list mark',
    mutate: naming('MA-10', 'name', 'uk', 'Гельмім-Уед Нун (частково EH)'),
  },
  {
    rule: 'an ISO annotation in a local name',
    file: 'subdivisions',
    expected: 'FR-973 iso_name "Guyane (française)": a qualifier in brackets',
    mutate: (subdivisions) => {
      subdivisions.find(byCode('FR-973')).iso_name = 'Guyane (française)';
    },
  },
  {
    rule: 'another name of a country in brackets',
    file: 'countries',
    expected: 'KR official_name ja "大韓民国 (韓国)": another name of the country in brackets',
    mutate: naming('KR', 'official_name', 'ja', '大韓民国 (韓国)'),
  },
  {
    rule: 'Latin text in brackets in a country name of another script',
    file: 'countries',
    expected: 'VA iso_name ko "바티칸 시티 (Holy See)": Latin text in brackets',
    mutate: naming('VA', 'iso_name', 'ko', '바티칸 시티 (Holy See)'),
  },
  {
    rule: 'a lower-case proper name in a type',
    file: 'subdivisions',
    expected: 'ES-CE type "Autonomous city in north africa": a lower-case proper name',
    mutate: (subdivisions) => {
      subdivisions.find(byCode('ES-CE')).type = 'Autonomous city in north africa';
    },
  },
  {
    rule: 'two subdivisions of one country shown alike',
    file: 'subdivisions',
    expected: 'RU-KDA and RU-KYA are both shown as "Краснодарський край" in uk',
    mutate: naming('RU-KYA', 'name', 'uk', 'Краснодарський край'),
  },
  {
    rule: "another country's subdivision's name",
    file: 'subdivisions',
    expected: 'CH-FR ru "Лимбург" is also the name of BE-VLI, NL-LI there',
    mutate: naming('CH-FR', 'name', 'ru', 'Лимбург'),
  },
  {
    rule: "a country's name",
    file: 'subdivisions',
    expected: 'US-IA sl "Norveška" is also the name of NO there',
    mutate: naming('US-IA', 'name', 'sl', 'Norveška'),
  },
  {
    rule: 'a reviewed shared name that no longer occurs',
    file: 'curated/shared-names',
    expected: 'reviewed shared name fr "Grenade" no longer occurs',
    mutate: (shared) => {
      for (const entry of shared.filter((candidate: any) => candidate.name === 'Grenade')) entry.codes = ['GD'];
    },
  },
  {
    rule: 'English where ISO gives the name in a regional language',
    file: 'subdivisions',
    expected: 'ES-CT is shown as "Cataluña" in ca, not as ISO names it in that language: "Catalunya"',
    mutate: naming('ES-CT', 'name', 'ca', undefined),
  },
  {
    rule: "another official language's name copied",
    file: 'subdivisions',
    expected: 'BE-VLG de "Vlaams Gewest" copies ISO\'s nl name',
    mutate: naming('BE-VLG', 'name', 'de', 'Vlaams Gewest'),
  },
];

/** Each rule of the gate, broken on a copy of the real data, with the message the gate must print. */
const BREACHES: { rule: string; file: string; mutate: Mutation; expected: string }[] = [
  {
    rule: 'a phone example that is not a valid number',
    file: 'phone',
    expected: 'data/phone.json#/',
    mutate: (phone) => {
      phone.find(byCountry('BR')).example.e164 = '+550000000000';
    },
  },
  {
    rule: 'a phone example outside its national pattern',
    file: 'phone',
    expected: 'does not match the national pattern',
    mutate: (phone) => {
      phone.find(byCountry('BR')).patterns.national = '^(?:9\\d{10})$';
    },
  },
  {
    rule: 'a phone example of an impossible length',
    file: 'phone',
    expected: 'not one of the possible lengths 8',
    mutate: (phone) => {
      phone.find(byCountry('BR')).patterns.possible_lengths = [8];
    },
  },
  {
    rule: 'a calling code that disagrees with the country',
    file: 'phone',
    expected: "+56 differs from the country's calling code +55",
    mutate: (phone) => {
      phone.find(byCountry('BR')).calling_code = '+56';
    },
  },
  {
    rule: 'a postal example outside its pattern',
    file: 'postal-codes',
    expected: 'BR example 4030-110 does not match',
    mutate: (postal) => {
      const rule = postal.find(byCountry('BR')).postal_code;
      rule.examples[0] = rule.example = '4030-110';
    },
  },
  {
    rule: 'a postal format that does not describe the example',
    file: 'postal-codes',
    expected: 'format ##### does not describe the example',
    mutate: (postal) => {
      postal.find(byCountry('BR')).postal_code.format = '#####';
    },
  },
  {
    rule: 'an address postal code outside the country pattern',
    file: 'addresses',
    expected: 'BR postal code 7000 does not match',
    mutate: (addresses) => {
      addresses.find(byCountry('BR')).example.postal_code = '7000';
    },
  },
  {
    rule: 'an address subdivision that does not exist',
    file: 'addresses',
    expected: 'subdivision BR-ZZ does not exist',
    mutate: (addresses) => {
      addresses.find(byCountry('BR')).example.subdivision = 'ZZ';
    },
  },
  {
    rule: 'a postal code for a country without postal codes',
    file: 'addresses',
    expected: 'AE has no postal codes, yet the example gives 12345',
    mutate: (addresses) => {
      addresses.find(byCountry('AE')).example.postal_code = '12345';
    },
  },
  {
    rule: 'a layout field code missing its % (NA "%Cn%Z")',
    file: 'addresses',
    expected: '%N%n%O%n%A%n%Cn%Z has lower-case text outside its field codes',
    mutate: (addresses) => {
      addresses.find(byCountry('NA')).format.layout = '%N%n%O%n%A%n%Cn%Z';
    },
  },
  {
    rule: 'an address place glossed in English',
    file: 'addresses',
    expected: 'AT is written in de, yet its place "Austrian Parliament Building" has the English "Parliament"',
    mutate: (addresses) => {
      addresses.find(byCountry('AT')).example.place = 'Austrian Parliament Building';
    },
  },
  {
    rule: 'an address in Latin script where the country writes another',
    file: 'addresses',
    expected: 'RU (ru) place "State Duma" has letters outside Cyrl',
    mutate: (addresses) => {
      addresses.find(byCountry('RU')).example.place = 'State Duma';
    },
  },
  {
    rule: 'a Latin-script form in another script',
    file: 'addresses',
    expected: 'JP Latin-script city "新宿区" has letters outside Latn',
    mutate: (addresses) => {
      addresses.find(byCountry('JP')).example.latin.city = '新宿区';
    },
  },
  {
    rule: 'an address in a non-Latin script without its Latin-script form',
    file: 'addresses',
    expected: 'SA is written in Arab: a Latin-script form is needed',
    mutate: (addresses) => {
      addresses.find(byCountry('SA')).example.latin = null;
    },
  },
  {
    rule: 'an address without a part its layout requires',
    file: 'addresses',
    expected: 'KY lacks %S, which its layout requires',
    mutate: (addresses) => {
      addresses.find(byCountry('KY')).example.subdivision_name = null;
    },
  },
  {
    rule: 'a subdivision code without its country prefix',
    file: 'subdivisions',
    expected: 'US-SP does not start with its country code BR-',
    mutate: (subdivisions) => {
      subdivisions.find((entry: any) => entry.code === 'BR-SP').code = 'US-SP';
    },
  },
  {
    rule: 'a subdivision whose parent does not exist',
    file: 'subdivisions',
    expected: 'parent GB-XXX of GB-KEC does not exist',
    mutate: (subdivisions) => {
      subdivisions.find((entry: any) => entry.code === 'GB-KEC').parent = 'GB-XXX';
    },
  },
  {
    rule: 'a duplicate country code',
    file: 'countries',
    expected: 'duplicate alpha2 BR',
    mutate: (countries) => {
      countries.push(structuredClone(countries.find(byCountry('BR'))));
    },
  },
  {
    rule: 'a duplicate subdivision code',
    file: 'subdivisions',
    expected: 'duplicate subdivision code BR-SP',
    mutate: (subdivisions) => {
      subdivisions.push(structuredClone(subdivisions.find((entry: any) => entry.code === 'BR-SP')));
    },
  },
  {
    rule: 'a locale key that is not well-formed BCP 47',
    file: 'countries',
    expected: 'property name must be valid',
    mutate: (countries) => {
      countries.find(byCountry('BR')).name.pt_BR = 'Brasil';
    },
  },
  {
    rule: 'a translation in an unsupported locale',
    file: 'subdivisions',
    expected: 'locale tlh is not a supported locale',
    mutate: (subdivisions) => {
      subdivisions.find((entry: any) => entry.code === 'BR-SP').name.tlh = 'São Paulo';
    },
  },
  {
    rule: 'XK left out',
    file: 'countries',
    expected: 'country XK is missing',
    mutate: (countries) => {
      countries.find(byCountry('XK')).alpha2 = 'XX';
    },
  },
  {
    rule: 'a flag that is not the country code',
    file: 'countries',
    expected: 'flag of BR must be',
    mutate: (countries) => {
      countries.find(byCountry('BR')).flag = '🇵🇹';
    },
  },
  {
    rule: 'a Japanese name written with kanji without its reading',
    file: 'name-readings',
    expected: 'JP ja name 日本 has no reading',
    mutate: (readings) => {
      readings.splice(
        readings.findIndex((entry: any) => entry.country === 'JP' && entry.name === '日本'),
        1,
      );
    },
  },
  {
    rule: 'a kana reading with kanji left in it',
    file: 'name-readings',
    expected: 'KR ja reading "韓こく" of 韓国 is not kana',
    mutate: (readings) => {
      readings.find((entry: any) => entry.country === 'KR' && entry.name === '韓国').readings = ['韓こく'];
    },
  },
  {
    rule: 'a pinyin reading written in hanzi or with tones',
    file: 'name-readings',
    expected: 'CN zh reading "zhōng guó" of 中国 is not toneless pinyin',
    mutate: (readings) => {
      readings.find((entry: any) => entry.country === 'CN' && entry.language === 'zh' && entry.name === '中国').readings = ['zhōng guó'];
    },
  },
  {
    rule: 'a field missing from a dataset',
    file: 'countries',
    expected: "BR: must have required property 'calling_code'",
    mutate: (countries) => {
      delete countries.find(byCountry('BR')).calling_code;
    },
  },
  ...NAME_BREACHES,
];

const gate = suite('validate (data gate)');

gate('should pass on the real data', () => {
  const { problems } = realData();
  assert.equal(problems.map(formatProblem), []);
});

// Each breach on its own copy of the real data, the copies validated side by side, one worker per core
// (helpers/gate.ts): a whole validation each, fifty of them.
let found: string[][];
gate.before(async () => {
  found = await gateMessages(BREACHES);
});

BREACHES.forEach((breach, index) => {
  gate(`should fail on ${breach.rule}`, () => {
    const messages = found[index];
    assert.ok(
      messages.some((message) => message.includes(breach.expected)),
      `expected "${breach.expected}" in:\n${messages.join('\n')}`,
    );
    assert.ok(
      messages.every((message) => /^data\/[\w/-]+\.json#\S*: /.test(message)),
      'every message names file and pointer',
    );
  });
});

gate('should report every schema error at once, not the first', () => {
  const copy = copyOfData();
  try {
    const file = join(copy.dir, 'countries.json');
    const countries = readJson<Partial<Datasets['countries'][number]>[]>(file);
    for (const code of ['BR', 'US', 'JP']) delete countries.find(byCountry(code))!.calling_code;
    writeCanonicalJson(file, countries);
    const messages = validateData(copy.dir).problems.map(formatProblem);
    for (const code of ['BR', 'US', 'JP']) assert.ok(messages.some((message) => message.includes(`${code}: must have required property`)));
  } finally {
    copy.cleanup();
  }
});

gate('should exit non-zero from the command line on a breach, and zero on the real data', () => {
  const copy = copyOfData();
  try {
    const file = join(copy.dir, 'phone.json');
    const phone = readJson<Datasets['phone']>(file);
    phone.find(byCountry('BR'))!.calling_code = '+56';
    writeCanonicalJson(file, phone);
    const run = (dir: string) => {
      try {
        return { status: 0, output: execFileSync('npx', ['tsx', 'build/validate.ts', dir], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' }) };
      } catch (error: any) {
        return { status: error.status as number, output: `${error.stdout}${error.stderr}` };
      }
    };
    const broken = run(copy.dir);
    assert.is(broken.status, 1);
    assert.match(broken.output, 'differs from the country');
    const real = run(DATA_DIR);
    assert.is(real.status, 0);
    assert.match(real.output, /countries\s+250 \(XK included\)/);
  } finally {
    copy.cleanup();
  }
});

gate.run();
