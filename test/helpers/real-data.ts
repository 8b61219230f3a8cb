/**
 * data/ through the data gate (build/validate/validate-data.ts), once per test run: a whole validation takes
 * seconds, and the test files that read the validated datasets (never changing them: a case that breaks a
 * value breaks it on a structuredClone) share one.
 */
import { validateData, type ValidationResult } from '../../build/validate/validate-data.ts';
import { DATA_DIR } from './paths.ts';

let validated: ValidationResult | undefined;

export const realData = (): ValidationResult => (validated ??= validateData(DATA_DIR));
