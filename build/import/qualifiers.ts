/**
 * Qualifiers in brackets behind subdivision names: ISO's ("Svalbard (Arctic Region)", "Guyane
 * (française)", "Ilocos (Region I)") and those catalogues add ("Alberta (tartomány)", "Minsk (stad)",
 * "Rabat (Malta)"). A list of one country's subdivisions needs none of them, so they go, except where
 * the bracket is what tells two subdivisions of the country apart in that language (BG-22 "Sofia
 * (stolitsa)", the capital, beside BG-23 "Sofia"), and in a country's own CLDR name (NL-SX "Saint-Martin
 * (partie néerlandaise)"), which is CLDR's form, not a list annotation.
 */
import { withoutQualifier } from '../lib/iso-names.ts';

interface Named {
  country: string;
  iso_name: string;
  name: Record<string, string>;
  territory: boolean;
}

/** Strips qualifiers from ISO's names and every translation, in place, one country and language at a time. */
export function withoutQualifiers(subdivisions: Named[]): void {
  const byCountry = new Map<string, Named[]>();
  for (const subdivision of subdivisions) byCountry.set(subdivision.country, [...(byCountry.get(subdivision.country) ?? []), subdivision]);
  for (const members of byCountry.values()) {
    const isoNames = bareNames(members.map((member) => member.iso_name));
    members.forEach((member, index) => {
      member.iso_name = isoNames[index];
    });
    const tags = new Set(members.flatMap((member) => Object.keys(member.name)));
    for (const tag of tags) {
      const names = bareNames(members.map((member) => (member.territory ? null : (member.name[tag] ?? member.name.en))));
      members.forEach((member, index) => {
        if (member.name[tag] && !member.territory) member.name[tag] = names[index]!;
      });
    }
  }
}

/**
 * Each name without its qualifier, unless the bare name would be one that another name of the list
 * has or would have ("ქვემო კალიფორნია (ჩრდილოეთი)" and "(სამხრეთი)" keep theirs). Null stays null.
 */
function bareNames<T extends string | null>(names: T[]): T[] {
  const bare = names.map((name) => (name === null ? null : withoutQualifier(name)));
  const uses = new Map<string, number>();
  names.forEach((name, index) => {
    if (name === null) return;
    for (const form of new Set([name, bare[index]!])) uses.set(form, (uses.get(form) ?? 0) + 1);
  });
  return names.map((name, index) => (name !== null && bare[index] !== name && uses.get(bare[index]!) === 1 ? bare[index] : name) as T);
}
