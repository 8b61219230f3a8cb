/**
 * The part of cldr-dates-full the importers and the record gate read, typed once here (the package
 * ships JSON without types): a locale's time-zone names.
 */
import type { CldrZoneTree } from './cldr-core.ts';
import { readPackageJson } from './upstream.ts';

/** Long names of a zone or metazone; any of them may be missing. */
export interface CldrLongNames {
  generic?: string;
  standard?: string;
  daylight?: string;
}
export interface CldrZoneWords {
  exemplarCity?: string;
  long?: CldrLongNames;
}
export interface CldrTimeZoneNames {
  /** By the parts of a zone's CLDR ID, like metaZones.json. */
  zone: CldrZoneTree<CldrZoneWords>;
  metazone: Record<string, { long?: CldrLongNames }>;
}

/** main/<tag>/timeZoneNames.json, resolved by CLDR through the locale's parents. */
export const timeZoneNames = (tag: string): Partial<CldrTimeZoneNames> | undefined =>
  readPackageJson<{ main?: Record<string, { dates?: { timeZoneNames?: Partial<CldrTimeZoneNames> } }> }>('cldr-dates-full', `main/${tag}/timeZoneNames.json`)
    .main?.[tag]?.dates?.timeZoneNames;
