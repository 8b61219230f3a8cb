/**
 * How far a source of names is trusted, per field and locale (data/curated/source-trust.json), and the
 * key a reviewed exception (data/curated/name-check-exceptions.json) is matched by. Read alike by the
 * import, which drops a community name that fails a check, and by the gate, which refuses it.
 */

export interface SourceTrust {
  source: string;
  trust: 'authoritative' | 'community';
  fields: string[];
  locales: '*' | string[];
}

/** The source every translated official, ISO short and subdivision name comes from, unless an override cites another. */
export const CATALOGUES = 'iso-codes';

export function exceptionKey(entry: { code: string; field: string; locale: string; value: string; check: string }): string {
  return [entry.code, entry.field, entry.locale, entry.value, entry.check].join('\0');
}

/** Whether the trust levels call `source` community for the field in the locale. */
export function isCommunitySource(trust: SourceTrust[], source: string, field: string, locale: string): boolean {
  return trust.some(
    (level) =>
      level.source === source && level.trust === 'community' && level.fields.includes(field) && (level.locales === '*' || level.locales.includes(locale)),
  );
}
