/**
 * A catalogue's subdivision name that is another country's subdivision's English or ISO name, where its
 * own English and ISO names are other words: a Thai province (TH-75, Samut Songkhram) called by the
 * name of a district of Bhutan ("Samdrup Jongkhar") in French.
 */
import { nameKey } from './name-key.ts';

export interface PlaceNames {
  code: string;
  country: string;
  iso_name: string;
  name: Record<string, string>;
}

/** English and ISO names -> the subdivisions that hold them. */
export function placeIndex(subdivisions: PlaceNames[]): Map<string, PlaceNames[]> {
  const index = new Map<string, PlaceNames[]>();
  for (const subdivision of subdivisions) {
    for (const name of new Set([subdivision.iso_name, subdivision.name.en])) index.set(name, [...(index.get(name) ?? []), subdivision]);
  }
  return index;
}

/** The code of another country's subdivision whose English or ISO name the value is, or null. */
export function otherPlaceNamed(value: string, own: PlaceNames, index: Map<string, PlaceNames[]>): string | null {
  const others = (index.get(value) ?? []).filter((other) => other.country !== own.country);
  if (!others.length) return null;
  const ownKeys = new Set([nameKey(own.iso_name), nameKey(own.name.en)]);
  return ownKeys.has(nameKey(value)) ? null : others[0].code;
}
