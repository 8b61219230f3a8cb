/** Reads the record datasets as a response would: a per-locale value through the locale's fallback chain. */
import { readJson } from '../../build/lib/canonical-json.ts';
import type { Datasets } from '../../build/types/datasets.ts';
import { DATA_DIR } from './paths.ts';

export const record = {
  // Read as tests break and probe them: loosely typed at this one boundary.
  currencies: readJson<any>(`${DATA_DIR}/currencies.json`),
  timeZones: readJson<any>(`${DATA_DIR}/time-zones.json`),
  languages: readJson<any>(`${DATA_DIR}/languages.json`),
  conventions: readJson<any[]>(`${DATA_DIR}/conventions.json`),
  capitals: readJson<any[]>(`${DATA_DIR}/capitals.json`),
  locales: readJson<Datasets['locales']>(`${DATA_DIR}/locales.json`).locales as { tag: string; fallback: string[] }[],
};

const chains = new Map(record.locales.map((locale) => [locale.tag, [locale.tag, ...locale.fallback]]));

/** The value a reader of `tag` is given, and the locale that supplied it. */
export function inLocale<T>(perLocale: Record<string, T>, tag: string): { value: T; from: string } | null {
  const from = chains.get(tag)!.find((candidate) => candidate in perLocale);
  return from ? { value: perLocale[from], from } : null;
}

export const currenciesOf = (country: string) =>
  record.currencies.countries.find((entry: any) => entry.country === country).currencies as { code: string; since: string | null }[];
export const currency = (code: string) => record.currencies.currencies.find((entry: any) => entry.code === code);
export const zonesOf = (country: string) => record.timeZones.countries.find((entry: any) => entry.country === country).zones as string[];
export const capitalsOf = (country: string) => record.capitals.find((entry: any) => entry.country === country);
