/**
 * Whether a name is one ISO has replaced (data/curated/iso-renames.json): shared by the import, which
 * drops such a name so the current one or the locale's fallback is served, and by the data gate,
 * which refuses it (build/validate/former-names.ts).
 */

/** One rename as data/former-names.json records it: the former name in every locale a source gives it. */
export interface FormerNames {
  code: string;
  renamed: 'short_name' | 'full_name';
  date: string;
  current: string;
  fields: ('name' | 'iso_name' | 'official_name')[];
  /** locale -> the former name there (English: ISO's; others: catalogues' and CLDR's translations of it). */
  former: Record<string, string[]>;
  /** Parts of the former name in other languages and scripts, matched case-insensitively. */
  former_parts: string[];
  /** locale -> names reviewed as the current name, though they look like the former one. */
  reviewed: Record<string, string[]>;
}

/** The former name a text gives in a locale, or null: ISO's English former name in any locale, a translation of it in its own. */
export function formerNameIn(text: string, tag: string, rename: FormerNames): string | null {
  if (rename.reviewed[tag]?.includes(text)) return null;
  const english = rename.former.en ?? [];
  const own = tag === 'en' ? [] : (rename.former[tag] ?? []);
  const exact = [...english, ...own].find((former) => former === text);
  if (exact) return exact;
  const lower = text.toLocaleLowerCase('und');
  return rename.former_parts.find((part) => lower.includes(part.toLocaleLowerCase('und'))) ?? null;
}
