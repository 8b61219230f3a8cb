/**
 * Names ISO 3166-2 gives in one of a country's official or regional languages, for readers of that
 * language (data/curated/regional-names.json): Catalan, Basque and Galician readers get Catalunya,
 * Euskal Herria, Galicia; Dutch and French readers Belgium's regions as each region names itself.
 * Each name must be ISO's own name of the place or the alternative ISO gives in brackets, as iso-codes
 * lists it; the import stops where it is neither, so a name ISO changed is looked at again.
 */
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';

export interface RegionalNames {
  country: string;
  language: string;
  names: Record<string, string>;
  same_in?: Record<string, string[]>;
  source: string;
}

interface Entry {
  code: string;
  msgid: string | null;
  isoName: string;
}

/** ISO's name and the alternatives it gives in square brackets ("Catalunya [Cataluña]", "Cardiff [Caerdydd GB-CRD]"). */
function isoForms(entry: Entry): string[] {
  const alternatives = [...(entry.msgid ?? '').matchAll(/\[([^\]]+?)(?:\s+[A-Z]{2}-[A-Z0-9]{1,3})?\]/gu)].map((match) => match[1].trim());
  return [entry.isoName, ...alternatives];
}

export class RegionalNameList {
  readonly groups: RegionalNames[];

  constructor(dataDir: string, supported: Set<string>) {
    this.groups = readJson(join(dataDir, 'curated', 'regional-names.json'));
    const unserved = this.groups.filter((group) => !supported.has(group.language));
    if (unserved.length) throw new Error(`regional-names: ${unserved.map((group) => group.language).join(', ')} is not a supported locale`);
  }

  /** Sets the listed names of `entry` in their languages; throws where ISO does not give the name. */
  apply(entry: Entry, name: Record<string, string>): void {
    for (const group of this.groups) {
      const value = group.names[entry.code];
      if (value === undefined) continue;
      if (!isoForms(entry).includes(value)) {
        throw new Error(
          `regional-names: ISO names ${entry.code} ${JSON.stringify(entry.msgid ?? entry.isoName)}, not ${JSON.stringify(value)} in ${group.language}; review data/curated/regional-names.json`,
        );
      }
      name[group.language] = value;
    }
  }

  /** Throws if a listed code is not a current subdivision. */
  checkAllCurrent(codes: Set<string>): void {
    const unknown = this.groups.flatMap((group) => Object.keys(group.names)).filter((code) => !codes.has(code));
    if (unknown.length) throw new Error(`regional-names: no current subdivision ${unknown.join(', ')}`);
  }

  /** Locales a curated name is set in for `code` (never dropped by a later step). */
  curatedLocales(code: string): Set<string> {
    return new Set(this.groups.filter((group) => group.names[code] !== undefined).map((group) => group.language));
  }
}
