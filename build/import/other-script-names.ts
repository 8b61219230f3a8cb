/**
 * Drops names that are not written in their locale's script (a Devanagari name under Telugu, "コソボ-
 * Metohija", "SUCRE" under Korean: a catalogue's untranslated or half-translated entry), so the
 * locale's fallback chain supplies the name instead. Counts what it drops, per dataset and locale,
 * for the import's summary. The data gate refuses the same class (build/validate/names-in-locale.ts).
 */
import { isInLocaleScript } from '../lib/locale-script.ts';

export class OtherScriptNames {
  /** "dataset locale" -> names dropped. */
  readonly dropped = new Map<string, number>();

  /** Removes from a record's names (locale -> text) each one not in its locale's script. */
  drop(dataset: string, names: Record<string, string>): void {
    for (const [tag, text] of Object.entries(names)) {
      if (isInLocaleScript(text, tag)) continue;
      delete names[tag];
      const key = `${dataset} ${tag}`;
      this.dropped.set(key, (this.dropped.get(key) ?? 0) + 1);
    }
  }

  /** The same for lists of names per locale (alternative names); a locale left with none is removed. */
  dropFromLists(dataset: string, lists: Record<string, string[]>): void {
    for (const [tag, texts] of Object.entries(lists)) {
      const kept = texts.filter((text) => isInLocaleScript(text, tag));
      if (kept.length === texts.length) continue;
      if (kept.length) lists[tag] = kept;
      else delete lists[tag];
      const key = `${dataset} ${tag}`;
      this.dropped.set(key, (this.dropped.get(key) ?? 0) + texts.length - kept.length);
    }
  }

  /** One line per dataset: how many names were dropped, in which locales. */
  summary(): string[] {
    const byDataset = new Map<string, string[]>();
    for (const [key, count] of [...this.dropped].sort()) {
      const [dataset, tag] = key.split(' ');
      byDataset.set(dataset, [...(byDataset.get(dataset) ?? []), `${tag} ${count}`]);
    }
    return [...byDataset].map(([dataset, counts]) => `${dataset}: ${counts.join(', ')}`);
  }
}
