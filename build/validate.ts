/**
 * `npm run validate`: the data release gate. Schema and cross-dataset rules first, then the reference
 * gate (every difference from the reference packages reviewed). Prints every breach and exits 1, or
 * the coverage summary and agreement figures and exits 0.
 */
import { join } from 'node:path';
import { coverageSummary } from './validate/coverage.ts';
import { droppedNamesReport } from './validate/dropped-names.ts';
import { formatProblem } from './validate/problems.ts';
import { agreementTable, checkReferences, verdictProblems } from './validate/references.ts';
import { validateData } from './validate/validate-data.ts';

const dataDir = process.argv[2] ?? join(import.meta.dirname, '..', 'data');
const { problems, data } = validateData(dataDir);
const verdicts = data ? checkReferences(data) : [];
problems.push(...verdictProblems(verdicts));
if (data) console.log(agreementTable(verdicts));
if (problems.length || !data) {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(`validate: ${problems.length} problem(s) in ${dataDir}; nothing may be released`);
  process.exit(1);
}
console.log(coverageSummary(data));
console.log(droppedNamesReport(data));
