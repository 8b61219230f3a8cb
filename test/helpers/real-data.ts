/**
 * data/ through the data gate (build/validate/validate-data.ts), once per test run: a whole validation takes
 * seconds, and the test files that read the validated datasets (never changing them: a case that breaks a
 * value breaks it on a structuredClone) share one. It is validated with a memo (build/validate/validation-memo.ts),
 * frozen as the memo keeps it, so the data gate's test validates its broken copies from where this one ended.
 */
import { validateData, type ValidationResult } from '../../build/validate/validate-data.ts';
import { ValidationMemo } from '../../build/validate/validation-memo.ts';
import { DATA_DIR } from './paths.ts';

let validated: ValidationResult | undefined;
const memo = new ValidationMemo();

export const realData = (): ValidationResult => (validated ??= validateData(DATA_DIR, { memo }));

/** The memo of realData()'s validation, seeded with it. */
export function realDataMemo(): ValidationMemo {
  realData();
  return memo;
}
