/**
 * iso-codes' ISO 4217 list (Debian): every currency we serve as in use must be an ISO code with our
 * numeric, and every code we file as historic must be one ISO no longer lists, unless a reviewed
 * difference says why (iso-codes lags ISO's amendments: XCG, ZWG; ISO keeps some codes CLDR ends).
 */
import { readIsoCodes4217 } from '../../lib/iso-4217.ts';
import type { Comparison } from '../references.ts';
import { comparing } from './comparing.ts';
import type { Datasets } from '../../types/datasets.ts';

export function compareWithIsoCodes4217(data: Datasets): Comparison {
  const iso = new Map(readIsoCodes4217().map((entry) => [entry.alpha_3, entry]));
  const { comparison, check } = comparing('iso-codes');
  for (const currency of data.currencies.currencies) {
    const listed = iso.get(currency.code);
    check(`${currency.code}/iso_4217`, currency.code, listed?.alpha_3 ?? null, Boolean(listed));
    if (listed) check(`${currency.code}/numeric`, currency.numeric, listed.numeric, currency.numeric === listed.numeric);
  }
  for (const historic of data.currencies.historic) {
    check(`${historic.code}/withdrawn`, true, !iso.has(historic.code), !iso.has(historic.code));
  }
  return comparison;
}
