/**
 * The name gates (build/validate/name-*.ts, regional-languages.ts), each fed a value the upstreams once gave,
 * with the message the gate must print; and the helpers the other breaches of the gate's test find records with.
 */
import type { Breach } from './gate.ts';

/** A rule of the gate broken on a copy of the real data, and (part of) the message the gate must print for it. */
export interface RuleBreach extends Breach {
  rule: string;
  expected: string;
}

type Mutation = (data: any) => void;
export const byCountry = (code: string) => (entry: any) => (entry.country ?? entry.alpha2) === code;
const byCode = (code: string) => (entry: any) => entry.code === code;

/** Sets one localized field of one record, as a catalogue once gave it. */
const naming =
  (code: string, field: string, tag: string, text: string | undefined): Mutation =>
  (records) => {
    const record = records.find(code.includes('-') ? byCode(code) : byCountry(code));
    if (text === undefined) delete record[field][tag];
    else record[field][tag] = text;
  };

export const NAME_BREACHES: RuleBreach[] = [
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
