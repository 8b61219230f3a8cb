/**
 * The record fields of a country (currencies, time zones, languages, capitals, conventions) and the
 * currency answers, from the record datasets. A word per locale is read along the locale's fallback
 * chain, and the answer says which locale supplied it (`*_locale`), as names do. Pure: no I/O.
 */
import type { Datasets } from '../types/datasets.ts';
import type { Localizer } from './localize.ts';

type Currency = Datasets['currencies']['currencies'][number];
type Zone = Datasets['time-zones']['zones'][number];

export class RecordResponses {
  private readonly currencies: Map<string, Currency>;
  private readonly zones: Map<string, Zone>;
  private readonly metazones: Map<string, Datasets['time-zones']['metazones'][number]>;
  private readonly languageNames: Map<string, Record<string, string>>;

  constructor(
    private readonly data: Datasets,
    private readonly localizer: Localizer,
  ) {
    this.currencies = new Map(data.currencies.currencies.map((currency) => [currency.code, currency]));
    this.zones = new Map(data['time-zones'].zones.map((zone) => [zone.id, zone]));
    this.metazones = new Map(data['time-zones'].metazones.map((metazone) => [metazone.id, metazone]));
    this.languageNames = new Map(data.languages.names.map((entry) => [entry.language, entry.names]));
  }

  /** The value for `tag` along its fallback chain, with the locale that supplied it; null where no locale has one. */
  private inLocale<T>(values: Record<string, T>, tag: string): { value: T; locale: string } | null {
    for (const candidate of this.localizer.chain(tag)) if (values[candidate] !== undefined) return { value: values[candidate], locale: candidate };
    return null;
  }

  currencyCodes(country: string): string[] {
    return this.entry(this.data.currencies.countries, country).currencies.map((currency) => currency.code);
  }

  private currencyWords(currency: Currency, tag: string) {
    const words = this.inLocale(currency.names, tag);
    return {
      name: words?.value.name ?? currency.code,
      name_locale: words?.locale ?? null,
      plural: words?.value.plural ?? null,
      symbol: words?.value.symbol ?? currency.code,
      narrow_symbol: words?.value.narrow_symbol ?? currency.code,
    };
  }

  private entry<T extends { country: string }>(entries: T[], country: string): T {
    const found = entries.find((entry) => entry.country === country);
    if (!found) throw new Error(`the record datasets have no entry for ${country}`);
    return found;
  }

  /** The fields of the full country record. */
  countryRecord(country: string, tag: string) {
    const capitals = this.data.capitals.find((entry) => entry.country === country);
    const conventions = this.entry(this.data.conventions, country);
    return {
      currencies: this.entry(this.data.currencies.countries, country).currencies.map(({ code, since }) => {
        const currency = this.currencies.get(code)!;
        const { plural: _plural, ...words } = this.currencyWords(currency, tag);
        return { code, ...words, minor_units: currency.minor_units, since };
      }),
      time_zones: this.entry(this.data['time-zones'].countries, country).zones.map((id) => {
        const zone = this.zones.get(id)!;
        const city = this.inLocale(zone.exemplar_city, tag);
        const names = Object.keys(zone.names).length ? zone.names : zone.metazone ? (this.metazones.get(zone.metazone)?.names ?? {}) : {};
        const name = this.inLocale(names, tag);
        return {
          id,
          city: city?.value ?? zone.city,
          city_locale: city?.locale ?? null,
          name: name ? (name.value.generic ?? name.value.standard ?? null) : null,
          name_locale: name?.locale ?? null,
        };
      }),
      languages: this.entry(this.data.languages.countries, country).languages.map((language) => {
        const name = this.inLocale(this.languageNames.get(language.language) ?? {}, tag);
        return {
          code: language.language,
          status: language.status,
          population_percent: language.population_percent,
          name: name?.value ?? null,
          name_locale: name?.locale ?? null,
        };
      }),
      capitals:
        capitals?.capitals?.map((capital) => {
          const name = this.localizer.picked(capital.name, tag);
          return { name: name.text, name_locale: name.locale, role: capital.role, coordinates: capital.coordinates };
        }) ?? null,
      capitals_note: capitals?.capitals ? null : (capitals?.reason ?? null),
      conventions: {
        first_day: conventions.first_day,
        weekend: conventions.weekend,
        measurement_system: conventions.measurement_system,
        paper_size: conventions.paper_size,
        hour_cycle: conventions.hour_cycle,
      },
    };
  }

  currency(code: string, tag: string) {
    const currency = this.currencies.get(code);
    if (!currency) throw new Error(`data/currencies.json has no currency ${code} in use`);
    return { code, numeric: currency.numeric, ...this.currencyWords(currency, tag), minor_units: currency.minor_units, countries: currency.countries };
  }

  currencyList(tag: string) {
    const currencies = [...this.currencies.keys()].map((code) => this.currency(code, tag));
    return { count: currencies.length, locale: tag, as_of: this.data.currencies.as_of, currencies };
  }
}
