/** Picks a text in a locale by walking its fallback chain (pt-PT -> pt -> en). */
import type { Datasets } from '../types/datasets.ts';

export type LocalizedText = Record<string, string>;

export class Localizer {
  readonly tags: string[];
  readonly defaultLocale: string;
  /** Every locale after all of its fallbacks (a fallback always has a shorter chain). */
  readonly tagsFallbacksFirst: string[];
  private readonly chains = new Map<string, string[]>();

  constructor(locales: Datasets['locales']) {
    this.tags = locales.locales.map((locale) => locale.tag);
    this.defaultLocale = locales.default;
    for (const locale of locales.locales) this.chains.set(locale.tag, [locale.tag, ...locale.fallback]);
    this.tagsFallbacksFirst = [...this.tags].sort((a, b) => this.chain(a).length - this.chain(b).length || (a < b ? -1 : 1));
  }

  chain(tag: string): string[] {
    return this.chains.get(tag) ?? ['en'];
  }

  /** The text for `tag`, else its nearest fallback's; English is always present in the data. */
  pick(text: LocalizedText, tag: string): string {
    return this.picked(text, tag).text;
  }

  /** The text for `tag` and the locale of the chain that supplied it, so an answer can say a name is a fallback. */
  picked(text: LocalizedText, tag: string): { text: string; locale: string } {
    for (const candidate of this.chain(tag)) if (text[candidate]) return { text: text[candidate], locale: candidate };
    return { text: text.en, locale: 'en' };
  }
}
