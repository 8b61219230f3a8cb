/**
 * The form page (build/page/) copied into dist as `page/<file>`, so a CDN or an offline mirror serves
 * it beside the API it uses: `/` answers with index.html, `/page/<file>` with the rest. The files are
 * listed here, not globbed: one missing is a build that fails, not a page that half loads. The page's
 * own words (data/curated/page-words.json) go beside them, one file per language, so a reader loads
 * only theirs: `page/words.json` lists the languages, `page/words.<language>.json` holds one's words.
 * Beside them go the browser-safe modules the page shares with the build (contract/client/): the
 * page imports them as its own (`./postal-input.js`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { staticRequest } from '../../contract/layout.ts';
import type { Datasets } from '../types/datasets.ts';
import type { DistWriter } from './writer.ts';

export const PAGE_FILES = [
  'index.html',
  'page.css',
  'address-form.js',
  'country-facts.js',
  'country-picker.js',
  'fields.js',
  'locale.js',
  'page.js',
  'phone-format.js',
  'postal-code.js',
  'words.js',
];
/** From contract/client/, written as page/<file>. */
export const CLIENT_FILES = ['postal-input.js'];

/** Where the page's own files (build/page/) and the modules it shares (contract/client/) are read from. */
export interface PageSources {
  pageDir: string;
  clientDir: string;
}

type PageWords = Datasets['curated/page-words'];

export function writePage(writer: DistWriter, { pageDir, clientDir }: PageSources, pageWords: PageWords): void {
  const write = (name: string, bytes: Buffer) => writer.writeFile(`page/${name}`, bytes, { requests: [staticRequest(`page/${name}`)!] });
  for (const name of PAGE_FILES) write(name, readFileSync(join(pageDir, name)));
  for (const name of CLIENT_FILES) write(name, readFileSync(join(clientDir, name)));
  const languages = pageWords.map((entry) => entry.language).sort();
  write('words.json', Buffer.from(JSON.stringify({ languages })));
  for (const entry of pageWords) {
    const words = Object.assign({}, ...Object.values(entry.sets).map((set) => set.words));
    write(`words.${entry.language}.json`, Buffer.from(JSON.stringify({ language: entry.language, words })));
  }
}
