/**
 * Codes ISO has withdrawn, kept so that a request for one is answered with where it went (410)
 * rather than a bare 404. Countries: ISO 3166-3 from iso-codes; its four-letter code ends with the
 * successor's alpha-2 (ZRCD: Zaire -> CD; BYAA: the alpha-2 stayed, BYS -> BLR), or HH/XX where
 * there are several, which data/curated/withdrawn-countries.json then names.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { type IsoWithdrawnCountry, readIsoCodes } from '../lib/upstream.ts';

interface CuratedSuccessors {
  alpha4: string;
  replaced_by: string[];
  source: string;
}

export function importWithdrawnCountries(dataDir: string, currentCodes: Set<string>) {
  const curated: CuratedSuccessors[] = readJson(join(dataDir, 'curated', 'withdrawn-countries.json'));
  const entries = readIsoCodes<IsoWithdrawnCountry>('3166-3');
  if (entries.length < 30) throw new Error(`iso-codes iso_3166-3.json: ${entries.length} entries, expected at least 30`);
  return entries
    .map((entry) => {
      const successor = entry.alpha_4.slice(2) === 'AA' ? entry.alpha_2 : entry.alpha_4.slice(2);
      const override = curated.find((candidate) => candidate.alpha4 === entry.alpha_4);
      if (!override && !currentCodes.has(successor)) {
        throw new Error(
          `ISO 3166-3 ${entry.alpha_4} (${entry.name}): ${successor} is no current code; name the successors in data/curated/withdrawn-countries.json`,
        );
      }
      return {
        alpha4: entry.alpha_4,
        alpha2: entry.alpha_2,
        alpha3: entry.alpha_3,
        numeric: entry.numeric ?? null,
        name: entry.name,
        withdrawn: entry.withdrawal_date,
        replaced_by: override?.replaced_by ?? [successor],
        source: override ? `iso-codes iso_3166-3; successors: ${override.source}` : `iso-codes iso_3166-3 (${entry.alpha_4})`,
      };
    })
    .sort((a, b) => a.alpha4.localeCompare(b.alpha4));
}
