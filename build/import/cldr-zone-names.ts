/**
 * CLDR's words for a time zone in a locale (cldr-dates-full main/<tag>/timeZoneNames.json): the
 * exemplar city, and the long generic, standard and daylight names, the zone's own where CLDR gives
 * them (British Summer Time) over those of the metazone in effect on the record date (metaZones.json).
 * CLDR keys zones by their first IDs (Asia/Calcutta), so a tzdata ID is looked up through the aliases
 * of cldr-bcp47's timezone.json, whose `_iana` names the ID tzdata uses now.
 */
import { timeZoneKeys } from '../lib/cldr-bcp47.ts';
import { type CldrMetazoneUse, type CldrZoneTree, metazoneInfo } from '../lib/cldr-core.ts';
import { type CldrLongNames, type CldrTimeZoneNames, timeZoneNames } from '../lib/cldr-dates.ts';

export type ZoneNames = CldrLongNames;

const at = <T>(tree: CldrZoneTree<T>, id: string): T | undefined =>
  id.split('/').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree) as T | undefined;

export function metazoneTree(): CldrZoneTree<CldrMetazoneUse[]> {
  const tree = metazoneInfo();
  if (!tree || !at(tree, 'Europe/Oslo')) throw new Error('cldr-core: supplemental/metaZones.json has no Europe/Oslo; has its layout changed?');
  return tree;
}

/** CLDR's ID (its first alias: Asia/Calcutta) per IANA ID, from cldr-bcp47's time-zone keys. */
export function cldrZoneIds(): Map<string, string> {
  const keys = timeZoneKeys();
  const kolkata = keys?.inccu;
  if (!keys || typeof kolkata !== 'object' || !kolkata._alias)
    throw new Error('cldr-bcp47: bcp47/timezone.json has no key inccu (Kolkata); has its layout changed?');
  const ids = new Map<string, string>();
  for (const key of Object.values(keys)) {
    if (typeof key !== 'object' || !key._alias) continue;
    const aliases: string[] = key._alias.split(' ');
    for (const alias of [...aliases, key._iana ?? aliases[0]]) ids.set(alias, aliases[0]);
  }
  return ids;
}

/** The metazone a zone is in on the day (`_from`/`_to` are UTC instants, `YYYY-MM-DD HH:MM`). */
export function metazoneOn(cldrId: string, tree: CldrZoneTree<CldrMetazoneUse[]>, day: string): string | null {
  const uses = at(tree, cldrId) ?? [];
  const instant = `${day} 00:00`;
  const current = uses.map((use) => use.usesMetazone).find((use) => (!use._from || use._from <= instant) && (!use._to || use._to > instant));
  return current?._mzone ?? null;
}

export function timeZoneNamesOf(tag: string): CldrTimeZoneNames {
  const names = timeZoneNames(tag);
  if (!names?.zone || !names?.metazone)
    throw new Error(`cldr-dates-full: main/${tag}/timeZoneNames.json has no zone or metazone names; has its layout changed?`);
  return { zone: names.zone, metazone: names.metazone };
}

const KINDS = ['generic', 'standard', 'daylight'] as const;

const pick = (long: CldrLongNames | undefined): ZoneNames | null => {
  const picked = Object.fromEntries(KINDS.filter((kind) => long?.[kind]).map((kind) => [kind, long![kind]]));
  return Object.keys(picked).length ? picked : null;
};

export const metazoneNamesIn = (names: Pick<CldrTimeZoneNames, 'metazone'>, metazone: string): ZoneNames | null => pick(names.metazone[metazone]?.long);

/** The exemplar city, and the long names where the zone has any of its own (merged over its metazone's). */
export function zoneWordsIn(names: CldrTimeZoneNames, cldrId: string, metazone: string | null): { city: string | null; own: boolean; names: ZoneNames | null } {
  const own = at(names.zone, cldrId);
  return { city: own?.exemplarCity ?? null, own: Boolean(own?.long), names: pick({ ...(metazone ? names.metazone[metazone]?.long : {}), ...own?.long }) };
}
