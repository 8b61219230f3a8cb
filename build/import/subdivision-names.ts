/**
 * Applies data/curated/subdivision-names.json: subdivision names in a locale's own script that no
 * upstream the import reads gives (Hindi for India's states, Kazakh and Russian for Kazakhstan's 2022
 * regions...), each checked by hand against its cited source. An entry fills a name only where the
 * upstreams have none in the locale's script; where they have one, the import fails, so that an
 * upstream that catches up is looked at again instead of being silently overridden.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { hasLettersOf, scriptOf } from '../lib/locale-script.ts';

export interface CuratedSubdivisionName {
  code: string;
  locale: string;
  value: string;
  source: string;
}

export class CuratedSubdivisionNames {
  private readonly byCode = new Map<string, CuratedSubdivisionName[]>();
  private readonly applied = new Set<CuratedSubdivisionName>();

  constructor(dataDir: string) {
    const entries: CuratedSubdivisionName[] = readJson(join(dataDir, 'curated', 'subdivision-names.json'));
    if (entries.length === 0) throw new Error('data/curated/subdivision-names.json: no entries');
    const seen = new Set<string>();
    for (const entry of entries) {
      const key = `${entry.code} ${entry.locale}`;
      if (seen.has(key)) throw new Error(`subdivision-names: ${key} is listed twice`);
      seen.add(key);
      if (!hasLettersOf(entry.value, scriptOf(entry.locale))) {
        throw new Error(`subdivision-names: ${key} ${JSON.stringify(entry.value)} is not written in the ${scriptOf(entry.locale)} script`);
      }
      this.byCode.set(entry.code, [...(this.byCode.get(entry.code) ?? []), entry]);
    }
  }

  /** Fills the curated names of one subdivision into its names from the upstreams. */
  apply(code: string, names: Record<string, string>): void {
    for (const entry of this.byCode.get(code) ?? []) {
      const upstream = names[entry.locale];
      if (upstream && hasLettersOf(upstream, scriptOf(entry.locale))) {
        throw new Error(
          `subdivision-names ${code} ${entry.locale}: the upstreams now give ${JSON.stringify(upstream)}; ` +
            `drop the curated ${JSON.stringify(entry.value)} if that is right, else correct the upstream in name-overrides.json`,
        );
      }
      names[entry.locale] = entry.value;
      this.applied.add(entry);
    }
  }

  /** The locales a subdivision's curated names are in: reviewed, so never dropped as shared. */
  curatedLocales(code: string): string[] {
    return (this.byCode.get(code) ?? []).map((entry) => entry.locale);
  }

  /** Throws if an entry matched no subdivision (a typo, or a code ISO withdrew). */
  checkAllApplied(): void {
    const unused = [...this.byCode.values()].flat().filter((entry) => !this.applied.has(entry));
    if (unused.length) throw new Error(`subdivision-names that matched no subdivision: ${unused.map((entry) => `${entry.code} ${entry.locale}`).join(', ')}`);
  }
}
