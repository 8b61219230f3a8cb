/**
 * `npm run search-quality [-- --failures]`: top-1, precision and completeness of search over the query table
 * (test/fixtures/search-queries.json), computed on data/ directly (no dist needed): the index as the
 * build writes it and each locale's list as the API serves it. `--failures` lists every query that misses.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CountrySearch, readerLanguages } from '../contract/search.ts';
import { Localizer } from './write/localize.ts';
import { Responses } from './write/responses.ts';
import { buildSearchIndex } from './write/search-index.ts';
import { validateData } from './validate/validate-data.ts';
import { scoreAnswers, type QueryCase } from './lib/search-quality.ts';

const root = join(import.meta.dirname, '..');
const { data, problems } = validateData(join(root, 'data'));
if (!data) throw new Error(`data/ does not validate: ${problems.length} problem(s); run npm run validate`);
const cases: QueryCase[] = JSON.parse(readFileSync(join(root, 'test/fixtures/search-queries.json'), 'utf8')).queries;
const localizer = new Localizer(data.locales);
const responses = new Responses(data, localizer);
const search = new CountrySearch(buildSearchIndex(data));
const lists = new Map<string, { names: Map<string, string>; order: string[] }>();
const listOf = (locale: string) => {
  if (!lists.has(locale)) {
    // The compact view: each name is a string.
    const countries = responses.countryList(locale, 'compact').countries as { code: string; name: string }[];
    lists.set(locale, { names: new Map(countries.map((item) => [item.code, item.name])), order: countries.map((item) => item.code) });
  }
  return lists.get(locale)!;
};
const score = scoreAnswers(cases, (entry) => {
  const { names, order } = listOf(entry.locale);
  return search.find(entry.q, {
    languages: readerLanguages(localizer.chain(entry.locale)),
    displayed: (code) => names.get(code),
    position: (code) => order.indexOf(code),
  });
});
console.log(score.summary);
if (process.argv.includes('--failures')) for (const line of score.failures) console.log(line);
