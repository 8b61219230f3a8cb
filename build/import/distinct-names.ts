/**
 * Two subdivisions of one country may not be shown by the same name in one locale, along its fallback
 * chain: a reader could not tell which to choose. Where they are, a catalogue has given one place's
 * name to another (uk "Краснодарський край" for Krasnoyarsk Krai too), or a translation drops what
 * told two places apart (da "Plzeň" for the region beside the city), or ISO names both alike and only
 * their categories differ (UZ-TK the city and UZ-TO the region, both Toshkent). The name stays only
 * where ISO names both alike, with the one whose English name is the plain name (the shortest); every
 * other holder's own translation goes, so it falls back to a name that tells them apart. A curated
 * name is never dropped: one that collides is an error in data/curated/name-overrides.json.
 */
import type { LocalesDataset } from './import-locales.ts';

interface Named {
  code: string;
  country: string;
  iso_name: string;
  name: Record<string, string>;
}

export function withoutSharedNames(subdivisions: Named[], locales: LocalesDataset, curated: (code: string) => Set<string>): void {
  const chains = new Map(locales.locales.map((locale) => [locale.tag, [locale.tag, ...locale.fallback]]));
  // Fallbacks first, so that a locale sees its parents' names as they end.
  const tags = [...chains.keys()].filter((tag) => tag !== 'en').sort((a, b) => chains.get(a)!.length - chains.get(b)!.length || (a < b ? -1 : 1));
  const shown = (member: Named, tag: string) =>
    chains
      .get(tag)!
      .map((candidate) => member.name[candidate])
      .find(Boolean) ?? member.name.en;
  for (const tag of tags) {
    const groups = new Map<string, Named[]>();
    for (const member of subdivisions) {
      const key = `${member.country}\0${shown(member, tag)}`;
      groups.set(key, [...(groups.get(key) ?? []), member]);
    }
    for (const members of groups.values()) {
      if (members.length < 2) continue;
      const sameIsoName = new Set(members.map((member) => member.iso_name)).size === 1;
      const byEnglish = [...members].sort((a, b) => a.name.en.length - b.name.en.length);
      const keeper = sameIsoName && byEnglish[0].name.en.length < byEnglish[1].name.en.length ? byEnglish[0] : null;
      for (const member of members) {
        if (member === keeper || !member.name[tag]) continue;
        if (curated(member.code).has(tag)) {
          throw new Error(
            `name-overrides: ${member.code} ${tag} ${JSON.stringify(member.name[tag])} is also how ${members
              .filter((other) => other !== member)
              .map((other) => other.code)
              .join(', ')} is shown in ${tag}`,
          );
        }
        delete member.name[tag];
      }
    }
  }
}

/**
 * Keeps a translation only where it differs from what the locale's fallback chain would show without
 * it, so a regional variant that writes a name as English does (sw-KE "Wales") is kept where its
 * parent differs (sw "Welisi"), and one that repeats its parent is not stored twice. Variants are
 * looked at before their parents, so each is compared with the chain it will have.
 */
export function withoutInheritedNames(subdivisions: Named[], locales: LocalesDataset): void {
  const chains = new Map(locales.locales.map((locale) => [locale.tag, [locale.tag, ...locale.fallback]]));
  const childrenFirst = [...chains.keys()].filter((tag) => tag !== 'en').sort((a, b) => chains.get(b)!.length - chains.get(a)!.length || (a < b ? -1 : 1));
  for (const { name } of subdivisions) {
    for (const tag of childrenFirst) {
      if (!name[tag]) continue;
      const inherited =
        chains
          .get(tag)!
          .slice(1)
          .map((candidate) => name[candidate])
          .find(Boolean) ?? name.en;
      if (name[tag] === inherited) delete name[tag];
    }
  }
}
