/**
 * `npm run subdivision-coverage [-- DATA_DIR] [--json]`: per locale whose fallbacks are capped
 * (OWN_FALLBACK_CEILING: non-Latin readers, and Swahili), how many subdivision names fall back, for its own countries and for all. DATA_DIR is a folder holding a subdivisions.json
 * (data/ by default; `git show REF:data/subdivisions.json > DIR/subdivisions.json` gives an older one).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readJson } from './lib/canonical-json.ts';
import { chainsOf, OWN_FALLBACK_CEILING, subdivisionCoverage } from './validate/subdivision-coverage.ts';

const args = process.argv.slice(2);
const dataDir = args.find((arg) => !arg.startsWith('--')) ?? join(import.meta.dirname, '..', 'data');
// Without the folder's locales.json (an older data/), a name counts only where the locale has its own.
const chains = existsSync(join(dataDir, 'locales.json')) ? chainsOf(readJson(join(dataDir, 'locales.json'))) : undefined;
const coverage = subdivisionCoverage(readJson(join(dataDir, 'subdivisions.json')), Object.keys(OWN_FALLBACK_CEILING), chains);
if (args.includes('--json')) console.log(JSON.stringify(coverage, null, 2));
else {
  console.log('| locale | own countries | own: fall back / all | every subdivision: fall back / all |\n|---|---|---|---|');
  for (const row of coverage) {
    console.log(`| ${row.locale} | ${row.own_countries.join(' ')} | ${row.own_fallback.length} / ${row.own} | ${row.all_fallback} / ${row.all} |`);
  }
}
