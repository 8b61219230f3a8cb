/**
 * ISO's name changes (data/curated/iso-renames.json) applied to the countries. Where iso-codes has not
 * followed a change, the current English name comes from the table and its translations from the
 * catalogues' entries for that name (iso-codes translates "Iceland", so Iceland's new full name is
 * translated), never from their translations of the former name. The former name in every locale a
 * source gives it (ISO's English, the catalogues' translations where iso-codes still gives it, CLDR's
 * -alt-variant where CLDR keeps the former name there) goes to data/former-names.json, and names in the checked fields that give it
 * are dropped, so the current name or the locale's fallback is served; the gate refuses them.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { formerNameIn, type FormerNames } from '../lib/former-names.ts';
import { territoryNames } from '../lib/cldr-names.ts';

interface Rename {
  code: string;
  renamed: 'short_name' | 'full_name';
  date: string;
  former: string;
  current: string;
  in_iso_codes: boolean;
  checked_fields: FormerNames['fields'];
  former_in_other_scripts?: string[];
  cldr_variant_is_former?: boolean;
  reviewed?: { locale: string; value: string; reason: string }[];
  source: string;
}

export class IsoRenames {
  private readonly renames: Rename[];
  /** "CODE field locale" -> the former name dropped there. */
  readonly dropped = new Map<string, string>();

  constructor(dataDir: string) {
    this.renames = readJson(join(dataDir, 'curated', 'iso-renames.json'));
  }

  /**
   * ISO's current English name where iso-codes gives `isoCodesName`: the table's where iso-codes has not
   * followed the change. Throws where iso-codes gives neither the name the table expects nor the current one.
   */
  current(code: string, renamed: Rename['renamed'], isoCodesName: string): string {
    const rename = this.renames.find((entry) => entry.code === code && entry.renamed === renamed);
    if (!rename) return isoCodesName;
    const expected = rename.in_iso_codes ? rename.current : rename.former;
    if (isoCodesName !== expected) {
      throw new Error(
        `iso-renames ${code} ${renamed}: iso-codes gives ${JSON.stringify(isoCodesName)}, the table expects ${JSON.stringify(expected)}; review data/curated/iso-renames.json`,
      );
    }
    return rename.current;
  }

  /** Every rename with its former names per locale, for data/former-names.json. */
  formerNames(catalogues: Map<string, Map<string, string>>, tags: string[]): FormerNames[] {
    return this.renames.map((rename) => {
      const former: Record<string, string[]> = { en: [rename.former] };
      const add = (tag: string, text: string | undefined) => {
        if (text && text !== rename.former && !former[tag]?.includes(text)) former[tag] = [...(former[tag] ?? []), text];
      };
      // Where iso-codes still gives the former name, its catalogues' entries for it translate the former name.
      if (!rename.in_iso_codes) for (const [tag, messages] of catalogues) add(tag, messages.get(rename.former)?.normalize('NFC'));
      if (rename.cldr_variant_is_former) {
        for (const tag of tags) {
          const names = territoryNames(tag);
          if (names[`${rename.code}-alt-variant`] !== names[rename.code]) add(tag, names[`${rename.code}-alt-variant`]);
        }
      }
      const reviewed: Record<string, string[]> = {};
      for (const entry of rename.reviewed ?? []) reviewed[entry.locale] = [...(reviewed[entry.locale] ?? []), entry.value];
      return {
        code: rename.code,
        renamed: rename.renamed,
        date: rename.date,
        current: rename.current,
        fields: rename.checked_fields,
        former: Object.fromEntries(Object.entries(former).sort(([a], [b]) => a.localeCompare(b))),
        former_parts: rename.former_in_other_scripts ?? [],
        reviewed,
      };
    });
  }

  /**
   * Drops from a country's checked fields every name that is a former one. A common name is replaced by
   * the locale's ISO short name where ISO's short name is the common name in English (Eswatini).
   */
  dropFormerNames(country: { alpha2: string; iso_name?: Record<string, string> | null } & Record<string, unknown>, formerNames: FormerNames[]): void {
    for (const rename of formerNames.filter((entry) => entry.code === country.alpha2)) {
      for (const field of rename.fields) {
        const names = country[field] as Record<string, string> | null;
        for (const [tag, text] of Object.entries(names ?? {})) {
          if (tag === 'en' || !formerNameIn(text, tag, rename)) continue;
          const short = country.iso_name?.[tag];
          const replacement = field === 'name' && country.iso_name?.en === names!.en && short && !formerNameIn(short, tag, rename) ? short : null;
          if (replacement) names![tag] = replacement;
          else delete names![tag];
          this.dropped.set(`${country.alpha2} ${field} ${tag}`, `${text} -> ${replacement ?? '(fallback)'}`);
        }
      }
    }
  }
}
