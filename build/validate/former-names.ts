/**
 * Gate: no name ISO has replaced is served. For every rename of data/curated/iso-renames.json (data/
 * former-names.json holds the former name in every locale a source gives it), the checked fields of
 * the country give the former name in no locale (ISO's English former name in any locale, a translation
 * of it in its own, a part such as "Swazi" or "Yugoslav" in any script), unless reviewed there; the
 * renamed field's English is ISO's current name; and a review that no longer matches anything fails.
 */
import { formerNameIn, type FormerNames } from '../lib/former-names.ts';
import { Problems, type Problem } from './problems.ts';
import type { Datasets } from '../types/datasets.ts';

const RENAMED_FIELD = { short_name: 'iso_name', full_name: 'official_name' } as const;

export function checkFormerNames(data: Datasets): Problem[] {
  const problems = new Problems('data/countries.json');
  const countries = data.countries;
  const renames = data['former-names'] as FormerNames[];
  for (const curated of data['curated/iso-renames']) {
    if (!renames.some((rename) => rename.code === curated.code && rename.renamed === curated.renamed && rename.current === curated.current)) {
      problems.add('', `${curated.code} ${curated.renamed}: data/former-names.json does not record the rename to ${curated.current}; run npm run import`);
    }
  }
  for (const rename of renames) {
    const index = countries.findIndex((country) => country.alpha2 === rename.code);
    if (index < 0) {
      problems.add('', `${rename.code}: renamed, but no such country`);
      continue;
    }
    const country = countries[index];
    const field = RENAMED_FIELD[rename.renamed];
    if (country[field] && country[field].en !== rename.current) {
      problems.add(
        `/${index}/${field}/en`,
        `${rename.code} ${field} is ${JSON.stringify(country[field].en)}; ISO renamed it ${JSON.stringify(rename.current)} (${rename.date})`,
      );
    }
    const reviewedSeen = new Set<string>();
    for (const checked of rename.fields) {
      for (const [tag, text] of Object.entries<string>(country[checked] ?? {})) {
        if (rename.reviewed[tag]?.includes(text)) reviewedSeen.add(`${tag}\0${text}`);
        const former = formerNameIn(text, tag, rename);
        if (former) {
          problems.add(
            `/${index}/${checked}/${tag}`,
            `${rename.code} ${checked} ${JSON.stringify(text)} in ${tag} is the name ISO replaced (${JSON.stringify(former)}) by ${JSON.stringify(rename.current)} in ${rename.date}: ` +
              'serve the current name with its source, drop it so the fallback applies, or review it in data/curated/iso-renames.json',
          );
        }
      }
    }
    for (const [tag, texts] of Object.entries(rename.reviewed)) {
      for (const text of texts) {
        if (!reviewedSeen.has(`${tag}\0${text}`))
          problems.add(
            '',
            `${rename.code} ${rename.renamed}: the review of ${JSON.stringify(text)} in ${tag} matches no name any more; remove it from data/curated/iso-renames.json`,
          );
      }
    }
  }
  return problems.list;
}
