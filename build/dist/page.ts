/**
 * The form page (build/page/) copied into dist as `page/<file>`, so a CDN or an offline mirror serves
 * it beside the API it uses: `/` answers with index.html, `/page/<file>` with the rest. The files are
 * listed here, not globbed: one missing is a build that fails, not a page that half loads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { staticRequest } from '../../contract/layout.ts';
import type { DistWriter } from './writer.ts';

export const PAGE_FILES = ['index.html', 'page.css', 'country-picker.js', 'fields.js', 'page.js', 'phone-format.js', 'postal-code.js'];

export function writePage(writer: DistWriter, pageDir: string): void {
  for (const name of PAGE_FILES) writer.writeFile(`page/${name}`, readFileSync(join(pageDir, name)), { requests: [staticRequest(`page/${name}`)!] });
}
