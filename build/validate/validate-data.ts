/**
 * The release gate for data/: every dataset against its schema (all errors at once), then the
 * cross-dataset rules. Returns every breach; an empty list means the data may be released.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { compiled, loadSchemas } from '../lib/schemas.ts';
import { checkAddresses } from './address-rules.ts';
import { checkCommunityNames } from './community-names.ts';
import { checkInvisibleCharacters } from './invisible-characters.ts';
import { checkStrippedRomanizations } from './stripped-romanizations.ts';
import { checkCityProvinceWords } from './city-province-words.ts';
import { checkPhoneExamples } from './phone-examples.ts';
import { checkOwnLanguageFloor } from './own-language-coverage.ts';
import { checkNameArtefacts } from './name-artefacts.ts';
import { checkNameCollisions } from './name-collisions.ts';
import { checkPostalNames } from './postal-names.ts';
import { checkPrintedPostalForms } from './postal-printed-forms.ts';
import { checkPostalRanges } from './postal-ranges.ts';
import { checkRegionalLanguages } from './regional-languages.ts';
import { checkCountries, checkPhone, checkPostalCodes, checkSubdivisions, checkWithdrawnCodes } from './rules.ts';
import { checkFormerNames } from './former-names.ts';
import { checkNamesInLocale } from './names-in-locale.ts';
import type { Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';
import { checkPageWords } from './page-words.ts';
import { checkReadings } from './readings.ts';
import { checkRecord } from './record-rules.ts';
import { checkSubdivisionCoverage } from './subdivision-coverage.ts';
import { DATASETS } from '../lib/datasets.ts';

export { DATASETS, type DatasetName } from '../lib/datasets.ts';

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

export function validateData(dataDir: string): ValidationResult {
  const problems: Problem[] = [];
  let ajv: ReturnType<typeof loadSchemas>;
  try {
    ajv = loadSchemas(dataDir);
  } catch (error) {
    return { problems: [{ file: 'schemas', pointer: '', reason: (error as Error).message }], data: null };
  }
  const data = {} as Datasets;
  for (const name of DATASETS) {
    const file = `data/${name}.json`;
    const path = join(dataDir, `${name}.json`);
    if (!existsSync(path)) {
      problems.push({ file, pointer: '', reason: 'file is missing' });
      continue;
    }
    try {
      data[name] = readJson(path);
    } catch (error) {
      problems.push({ file, pointer: '', reason: `not valid JSON: ${(error as Error).message}` });
      continue;
    }
    const validate = compiled(ajv, `${name}.schema.json`);
    if (!validate(data[name])) {
      for (const error of validate.errors ?? []) {
        const detail = error.params && Object.keys(error.params).length ? ` (${JSON.stringify(error.params)})` : '';
        problems.push({ file, pointer: error.instancePath || '/', reason: `${entryLabel(data[name], error.instancePath)}${error.message}${detail}` });
      }
    }
  }
  // Cross-dataset rules need every dataset structurally sound; schema errors come first.
  if (problems.length) return { problems, data: null };
  problems.push(
    ...checkCountries(data),
    ...checkPhone(data),
    ...checkPostalCodes(data),
    ...checkSubdivisions(data),
    ...checkAddresses(data),
    ...checkWithdrawnCodes(data),
    ...checkPostalRanges(data),
    ...checkPrintedPostalForms(data),
    ...checkPostalNames(data),
    ...checkNameArtefacts(data),
    ...checkNameCollisions(data),
    ...checkRegionalLanguages(data),
    ...checkSubdivisionCoverage(data),
    ...checkNamesInLocale(data),
    ...checkFormerNames(data),
    ...checkReadings(data),
    ...checkPageWords(data),
    ...checkRecord(data),
    ...checkInvisibleCharacters(data),
    ...checkCommunityNames(data),
    ...checkStrippedRomanizations(data),
    ...checkCityProvinceWords(data),
    ...checkPhoneExamples(data),
    ...checkOwnLanguageFloor(data),
  );
  return { problems, data: problems.length ? null : data };
}
