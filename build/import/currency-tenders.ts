/**
 * CLDR currencyData's dated tenders per region, read as they stand on a given day: a currency is in use
 * from its `_from` through its `_to` (the last day; absent while it lasts), and counts only where
 * CLDR does not mark it `_tender: "false"` (XXX in Antarctica, or a currency only used as a unit).
 */
import { type CldrFraction, type CldrTenderDates, cldrCurrencyData } from '../lib/cldr-core.ts';

export interface Tender {
  code: string;
  from: string | null;
  to: string | null;
}

export function currencyData(): { region: Record<string, Record<string, CldrTenderDates>[]>; fractions: Record<string, CldrFraction> } {
  const data = cldrCurrencyData();
  if (!data?.region?.US || !data?.fractions?.DEFAULT)
    throw new Error('cldr-core: supplemental/currencyData.json has no region US or fractions DEFAULT; has its layout changed?');
  return { region: data.region, fractions: data.fractions };
}

/** Every legal tender CLDR lists for a region, newest first as CLDR orders them. */
export function tendersOf(region: Record<string, CldrTenderDates>[] | undefined): Tender[] {
  return (region ?? [])
    .flatMap((entry) => Object.entries(entry))
    .filter(([, dates]) => dates._tender !== 'false')
    .map(([code, dates]) => ({ code, from: dates._from ?? null, to: dates._to ?? null }));
}

export const inUseOn = (tender: Tender, day: string) => (tender.from === null || tender.from <= day) && (tender.to === null || tender.to >= day);

/**
 * What took an ended tender's place in its region: of the tenders that began while it was in use and
 * outlasted it, the one that began last (Zimbabwe's ZWL: ZWG of 2024, not the USD there since 2009).
 */
export function successorOf(ended: Tender, tenders: Tender[]): Tender | null {
  const candidates = tenders.filter(
    (other) =>
      other.code !== ended.code &&
      other.from !== null &&
      (ended.from === null || other.from > ended.from) &&
      other.from <= ended.to! &&
      (other.to === null || other.to > ended.to!),
  );
  return candidates.sort((a, b) => b.from!.localeCompare(a.from!))[0] ?? null;
}
