/**
 * The release gate for data/: every dataset against its schema (all errors at once), then the
 * cross-dataset rules. Returns every breach; an empty list means the data may be released.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compiled, loadSchemas } from '../lib/schemas.ts';
import { checkAddresses } from './address-rules.ts';
import { checkCommunityNames } from './community-names.ts';
import { INVISIBLE_CHARACTER_CHECKS } from './invisible-characters.ts';
import { checkStrippedRomanizations } from './stripped-romanizations.ts';
import { checkCityProvinceWords } from './city-province-words.ts';
import { checkPhoneExamples } from './phone-examples.ts';
import { checkOwnLanguageFloor } from './own-language-coverage.ts';
import { NAME_ARTEFACT_CHECKS } from './name-artefacts.ts';
import { checkNameCollisions } from './name-collisions.ts';
import { checkPostalNames } from './postal-names.ts';
import { checkPrintedPostalForms } from './postal-printed-forms.ts';
import { checkPostalRanges } from './postal-ranges.ts';
import { checkRegionalLanguages } from './regional-languages.ts';
import { checkCountries, checkPhone, checkPostalCodes, checkSubdivisions, checkWithdrawnCodes } from './rules.ts';
import { checkFormerNames } from './former-names.ts';
import { NAMES_IN_LOCALE_CHECKS } from './names-in-locale.ts';
import type { Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';
import { checkPageWords } from './page-words.ts';
import { checkReadings } from './readings.ts';
import { checkRecord } from './record-rules.ts';
import { checkSubdivisionCoverage } from './subdivision-coverage.ts';
import { DATASETS, type DatasetName } from '../lib/datasets.ts';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { Check, Digests, ValidationMemo } from './validation-memo.ts';

export { DATASETS, type DatasetName } from '../lib/datasets.ts';

/** The cross-dataset rules, in the order their problems are reported. */
const CHECKS: Check[] = [
  checkCountries,
  checkPhone,
  checkPostalCodes,
  checkSubdivisions,
  checkAddresses,
  checkWithdrawnCodes,
  checkPostalRanges,
  checkPrintedPostalForms,
  checkPostalNames,
  ...NAME_ARTEFACT_CHECKS,
  checkNameCollisions,
  checkRegionalLanguages,
  checkSubdivisionCoverage,
  ...NAMES_IN_LOCALE_CHECKS,
  checkFormerNames,
  checkReadings,
  checkPageWords,
  checkRecord,
  ...INVISIBLE_CHARACTER_CHECKS,
  checkCommunityNames,
  checkStrippedRomanizations,
  checkCityProvinceWords,
  checkPhoneExamples,
  checkOwnLanguageFloor,
];

export interface ValidateOptions {
  /** What earlier validations found, reused where the files it came from are unchanged (build/validate/validation-memo.ts). */
  memo?: ValidationMemo;
}

export interface ValidationResult {
  problems: Problem[];
  data: Datasets | null;
}

/** Names the entry an error sits in (`BR: `), so a reader need not count array positions. */
function entryLabel(dataset: unknown, pointer: string): string {
  const index = /^\/(\d+)/.exec(pointer)?.[1];
  const entry = Array.isArray(dataset) && index !== undefined ? dataset[Number(index)] : null;
  const code = entry?.country ?? entry?.alpha2 ?? entry?.code;
  return typeof code === 'string' ? `${code}: ` : '';
}

/** The dataset's breaches of its schema, each with the entry it sits in. */
function schemaProblems(ajv: Ajv2020, name: DatasetName, dataset: unknown): Problem[] {
  const validate = compiled(ajv, `${name}.schema.json`);
  if (validate(dataset)) return [];
  return (validate.errors ?? []).map((error) => {
    const detail = error.params && Object.keys(error.params).length ? ` (${JSON.stringify(error.params)})` : '';
    return { file: `data/${name}.json`, pointer: error.instancePath || '/', reason: `${entryLabel(dataset, error.instancePath)}${error.message}${detail}` };
  });
}

export function validateData(dataDir: string, { memo }: ValidateOptions = {}): ValidationResult {
  const problems: Problem[] = [];
  let schemas: { ajv: Ajv2020; digest?: string };
  try {
    schemas = memo ? memo.schemas(dataDir) : { ajv: loadSchemas(dataDir) };
  } catch (error) {
    return { problems: [{ file: 'schemas', pointer: '', reason: (error as Error).message }], data: null };
  }
  const data = {} as Datasets;
  const digests: Digests = new Map();
  for (const name of DATASETS) {
    const file = `data/${name}.json`;
    const path = join(dataDir, `${name}.json`);
    if (!existsSync(path)) {
      problems.push({ file, pointer: '', reason: 'file is missing' });
      continue;
    }
    try {
      if (memo) digests.set(name, memo.digest(path));
      data[name] = memo ? memo.parsed(name, digests.get(name)!, () => readFileSync(path)) : JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      problems.push({ file, pointer: '', reason: `not valid JSON: ${(error as Error).message}` });
      continue;
    }
    if (!memo) problems.push(...schemaProblems(schemas.ajv, name, data[name]));
    else problems.push(...memo.schemaProblems(`${schemas.digest}\0${name}\0${digests.get(name)}`, () => schemaProblems(schemas.ajv, name, data[name])));
  }
  // Cross-dataset rules need every dataset structurally sound; schema errors come first.
  if (problems.length) return { problems, data: null };
  for (const check of CHECKS) problems.push(...(memo ? memo.run(check, data, digests) : check(data)));
  return { problems, data: problems.length ? null : data };
}
