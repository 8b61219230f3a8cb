/**
 * `npm run subdivision-coverage [-- DATA_DIR] [--json] [--countries]`: per locale whose fallbacks are capped
 * (OWN_FALLBACK_CEILING: non-Latin readers, and Swahili), how many subdivision names fall back, for its own countries and for all; with --countries, every country's subdivisions named in
 * each of its own served languages. DATA_DIR is a folder holding a subdivisions.json
 * (data/ by default; `git show REF:data/subdivisions.json > DIR/subdivisions.json` gives an older one).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readJson } from './lib/canonical-json.ts';
import { chainsOf, OWN_FALLBACK_CEILING, subdivisionCoverage } from './validate/subdivision-coverage.ts';
import { ownLanguageCoverage } from './validate/own-language-coverage.ts';

const args = process.argv.slice(2);
const dataDir = args.find((arg) => !arg.startsWith('--')) ?? join(import.meta.dirname, '..', 'data');
// Without the folder's locales.json (an older data/), a name counts only where the locale has its own.
const chains = existsSync(join(dataDir, 'locales.json')) ? chainsOf(readJson(join(dataDir, 'locales.json'))) : undefined;
const coverage = subdivisionCoverage(readJson(join(dataDir, 'subdivisions.json')), Object.keys(OWN_FALLBACK_CEILING), chains);
if (args.includes('--countries')) {
  // Own country, own language: every country's subdivisions in each of its official languages that is served.
  const rows = ownLanguageCoverage({ subdivisions: readJson(join(dataDir, 'subdivisions.json')), locales: readJson(join(dataDir, 'locales.json')) });
  if (args.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  else {
    console.log('| country | locale | named in its own language / all |\n|---|---|---|');
    for (const row of rows) console.log(`| ${row.country} | ${row.locale} | ${row.named} / ${row.all} |`);
  }
} else if (args.includes('--json')) console.log(JSON.stringify(coverage, null, 2));
else {
  console.log('| locale | own countries | own: fall back / all | every subdivision: fall back / all |\n|---|---|---|---|');
  for (const row of coverage) {
    console.log(`| ${row.locale} | ${row.own_countries.join(' ')} | ${row.own_fallback.length} / ${row.own} | ${row.all_fallback} / ${row.all} |`);
  }
}
