/**
 * The part of cldr-bcp47 the importers read, typed once here (the package ships JSON without types):
 * the Unicode time-zone keys, each with the IDs it stands for.
 */
import { readPackageJson } from './upstream.ts';

/** A `u-tz` key (`inccu`): its IDs, the first CLDR's own (`Asia/Calcutta Asia/Kolkata`), and the one tzdata uses now where it differs. */
export interface CldrTimeZoneKey {
  _alias?: string;
  _iana?: string;
  _description?: string;
}

/** bcp47/timezone.json's keys; beside them the keyword's own `_description` and such, as strings. */
export const timeZoneKeys = (): Record<string, CldrTimeZoneKey | string> | undefined =>
  readPackageJson<{ keyword?: { u?: { tz?: Record<string, CldrTimeZoneKey | string> } } }>('cldr-bcp47', 'bcp47/timezone.json').keyword?.u?.tz;
