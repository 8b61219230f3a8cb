/**
 * data/currencies.json: per country the tenders in use on the record date (CLDR currencyData), per
 * currency its minor units (CLDR fractions), the countries using it and its words per served locale,
 * and the historic codes with what took their place, so a request for one can be answered with it.
 * A territory CLDR gives no tender (Antarctica's XXX is marked not tender) has an empty list.
 */
import { readIsoCodes4217 } from '../lib/iso-4217.ts';
import { currencyWords } from './currency-names.ts';
import { currencyData, inUseOn, successorOf, tendersOf } from './currency-tenders.ts';
import type { Chains } from './fallback-prune.ts';

export function importCurrencies(countryCodes: string[], chains: Chains, asOf: string) {
  const { region, fractions } = currencyData();
  const iso = new Map(readIsoCodes4217().map((entry) => [entry.alpha_3, entry]));
  const countries = countryCodes.map((country) => ({
    country,
    currencies: tendersOf(region[country])
      .filter((tender) => inUseOn(tender, asOf))
      .map((tender) => ({ code: tender.code, since: tender.from })),
  }));
  const current = [...new Set(countries.flatMap((entry) => entry.currencies.map((currency) => currency.code)))].sort();
  const historic = new Map<string, { country: string; from: string | null; until: string; replaced_by: { code: string; since: string } | null }[]>();
  for (const country of countryCodes) {
    const tenders = tendersOf(region[country]);
    for (const ended of tenders.filter((tender) => tender.to !== null && tender.to < asOf && !current.includes(tender.code))) {
      const successor = successorOf(ended, tenders);
      const uses = historic.get(ended.code) ?? [];
      uses.push({ country, from: ended.from, until: ended.to!, replaced_by: successor ? { code: successor.code, since: successor.from! } : null });
      historic.set(ended.code, uses);
    }
  }
  const words = currencyWords([...current, ...historic.keys()], chains);
  const minorUnits = (code: string) => Number((fractions[code] ?? fractions.DEFAULT)._digits);
  return {
    as_of: asOf,
    countries,
    currencies: current.map((code) => ({
      code,
      numeric: iso.get(code)?.numeric ?? null,
      minor_units: minorUnits(code),
      countries: countries.filter((entry) => entry.currencies.some((currency) => currency.code === code)).map((entry) => entry.country),
      names: words.get(code)!,
    })),
    historic: [...historic.keys()].sort().map((code) => ({
      code,
      numeric: iso.get(code)?.numeric ?? null,
      used_in: historic.get(code)!.sort((a, b) => a.country.localeCompare(b.country)),
      names: words.get(code)!,
    })),
  };
}
