/**
 * Applies data/curated/name-overrides.json to names read from the upstreams. An override names the
 * wrong value it corrects (`upstream`): when the upstream no longer gives it, the import fails, so a
 * fixed upstream or a moved name is looked at again rather than overridden blindly.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';

export interface NameOverride {
  code: string;
  field: 'name' | 'official_name' | 'iso_name';
  locale: string;
  value: string | null;
  upstream?: string;
  source: string;
}

export class NameOverrides {
  private readonly overrides: NameOverride[];
  private readonly applied = new Set<NameOverride>();

  constructor(dataDir: string) {
    this.overrides = readJson(join(dataDir, 'curated', 'name-overrides.json'));
  }

  /** Corrects one localized field of one entry in place. */
  apply(code: string, field: NameOverride['field'], names: Record<string, string>): void {
    for (const override of this.overrides) {
      if (override.code !== code || override.field !== field) continue;
      if (override.upstream !== undefined && names[override.locale] !== override.upstream) {
        throw new Error(
          `name override ${code} ${field} ${override.locale}: the upstream now gives ${JSON.stringify(names[override.locale] ?? null)}, ` +
            `not ${JSON.stringify(override.upstream)}; review the override in data/curated/name-overrides.json`,
        );
      }
      if (override.value === null) delete names[override.locale];
      else names[override.locale] = override.value;
      this.applied.add(override);
    }
  }

  /** Locales whose `field` of `code` an override sets (a curated value, which no later step may drop). */
  curatedLocales(code: string, field: NameOverride['field']): Set<string> {
    return new Set(
      this.overrides.filter((override) => override.code === code && override.field === field && override.value !== null).map((override) => override.locale),
    );
  }

  /** Whether an override, a correction or a removal, names the upstream value of `field` of `code` in the locale (already reviewed). */
  reviews(code: string, field: NameOverride['field'], locale: string): boolean {
    return this.overrides.some((override) => override.code === code && override.field === field && override.locale === locale);
  }

  /** Throws if an override matched no entry (a typo, or a code that left the data). */
  checkAllApplied(): void {
    const unused = this.overrides.filter((override) => !this.applied.has(override));
    if (unused.length) throw new Error(`name overrides that matched nothing: ${unused.map((o) => `${o.code} ${o.field} ${o.locale}`).join(', ')}`);
  }
}
