/** Turns the datasets into the API's response bodies (build/schemas/), per locale. Pure: no I/O. */
import type { AddressEntry, Country, Datasets, Subdivision } from '../types/datasets.ts';
import { entryFor } from '../lib/entry-for.ts';
import { completeLayout, renderAddressLines } from '../lib/address-lines.ts';
import type { Localizer } from './localize.ts';
import { RecordResponses } from './record.ts';

type AddressExample = NonNullable<AddressEntry['example']>;
/** The example in one script: its own text, or its Latin-script form. */
type WrittenAddress = Pick<AddressExample, 'place' | 'street' | 'city'> & { subdivision_name?: string | null };

export class Responses {
  private readonly regions: Map<string, Record<string, string>>;
  private readonly subdivisionsByCountry = new Map<string, Subdivision[]>();
  private readonly subdivisionsByCode: Map<string, Subdivision>;
  private readonly collators = new Map<string, Intl.Collator>();
  /** A Japanese country name -> its kana reading (data/name-readings.json), by which Japanese lists sort. */
  private readonly kanaReadings: Map<string, string>;
  /** Currencies, time zones, languages, capitals and conventions (record.ts). */
  readonly record: RecordResponses;

  constructor(
    private readonly data: Datasets,
    private readonly localizer: Localizer,
  ) {
    this.regions = new Map(data.regions.map((region) => [region.code, region.name]));
    for (const subdivision of data.subdivisions) {
      const list = this.subdivisionsByCountry.get(subdivision.country) ?? [];
      list.push(subdivision);
      this.subdivisionsByCountry.set(subdivision.country, list);
    }
    this.subdivisionsByCode = new Map(data.subdivisions.map((subdivision) => [subdivision.code, subdivision]));
    this.record = new RecordResponses(data, localizer);
    this.kanaReadings = new Map(data['name-readings'].filter((entry) => entry.language === 'ja').map((entry) => [entry.name, entry.readings[0]]));
  }

  get countries(): Country[] {
    return this.data.countries;
  }

  /** The country of an alpha-2 code; throws for none, as the build writes only codes the data has. */
  country(code: string): Country {
    const country = this.data.countries.find((candidate) => candidate.alpha2 === code);
    if (!country) throw new Error(`data/countries.json has no country ${code}`);
    return country;
  }

  /** The subdivision of an ISO 3166-2 code; throws for none. */
  subdivisionByCode(code: string): Subdivision {
    const subdivision = this.subdivisionsByCode.get(code);
    if (!subdivision) throw new Error(`data/subdivisions.json has no subdivision ${code}`);
    return subdivision;
  }

  /** CLDR's common name in the locale, along the fallback chain, with the locale that supplied it. */
  private commonName(country: Country, tag: string) {
    return this.localizer.picked(country.name, tag);
  }

  /** ISO's official name (else its short name) in the locale, along the fallback chain. */
  private officialName(country: Country, tag: string) {
    return this.localizer.picked(country.official_name, tag);
  }

  /** ISO 3166-1's short name ("Korea, Republic of") in the locale; null for XK, which ISO does not list. */
  private isoShortName(country: Country, tag: string) {
    return country.iso_name ? this.localizer.picked(country.iso_name, tag) : null;
  }

  private regionName(code: string | null, tag: string) {
    const name = code ? this.regions.get(code) : undefined;
    return name ? this.localizer.picked(name, tag) : null;
  }

  /**
   * Sorted by the name as the reader sees it, collated for their locale (ICU's rules, through
   * Intl.Collator), then by code so that equal names keep one order: the same Node gives the same bytes.
   */
  private sortedByName<T extends { code: string }>(items: T[], tag: string, name: (item: T) => string): T[] {
    const collator = this.collators.get(tag) ?? new Intl.Collator(tag);
    this.collators.set(tag, collator);
    return items.sort((a, b) => collator.compare(name(a), name(b)) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  }

  compactCountry(country: Country, tag: string) {
    const name = this.commonName(country, tag);
    const official = this.officialName(country, tag);
    return {
      code: country.alpha2,
      name: name.text,
      name_locale: name.locale,
      official_name: official.text,
      official_name_locale: official.locale,
      calling_code: country.calling_code,
      currencies: this.record.currencyCodes(country.alpha2),
      flag: { emoji: country.flag },
    };
  }

  fullCountry(country: Country, tag: string) {
    const translations: Record<string, string> = {};
    for (const locale of this.localizer.tags) translations[locale] = this.commonName(country, locale).text;
    const common = this.commonName(country, tag);
    const official = this.officialName(country, tag);
    const isoShort = this.isoShortName(country, tag);
    const region = this.regionName(country.region, tag);
    const subregion = this.regionName(country.subregion, tag);
    return {
      code: country.alpha2,
      alpha3: country.alpha3,
      numeric: country.numeric,
      name: { common: common.text, official: official.text, iso_short: isoShort?.text ?? null },
      name_locale: { common: common.locale, official: official.locale, iso_short: isoShort?.locale ?? null },
      translations,
      calling_code: country.calling_code,
      region: region?.text ?? null,
      subregion: subregion?.text ?? null,
      flag: { emoji: country.flag },
      ...this.record.countryRecord(country.alpha2, tag),
    };
  }

  /**
   * What a country list sorts a name by: in Japanese its kana reading, as Japanese forms list countries in
   * gojūon order (ICU's ja order puts every kanji name, 日本 中国 韓国, after all kana); elsewhere the name.
   * Chinese needs none: ICU's zh order is pinyin, and zh-Hant's stroke order is the one Taiwan and Hong Kong use.
   */
  private sortKey(name: string, tag: string): string {
    return tag.split('-')[0] === 'ja' ? (this.kanaReadings.get(name) ?? name) : name;
  }

  countryList(tag: string, view: 'compact' | 'full') {
    const countries =
      view === 'full'
        ? this.sortedByName(
            this.countries.map((country) => this.fullCountry(country, tag)),
            tag,
            (country) => this.sortKey(country.name.common, tag),
          )
        : this.sortedByName(
            this.countries.map((country) => this.compactCountry(country, tag)),
            tag,
            (country) => this.sortKey(country.name, tag),
          );
    return { count: countries.length, locale: tag, view, countries };
  }

  phone(code: string) {
    const entry = entryFor(this.data.phone, code, 'phone');
    return {
      country: code,
      calling_code: entry.calling_code,
      national_prefix: entry.national_prefix,
      national_prefix_for_parsing: entry.national_prefix_for_parsing,
      national_prefix_transform_rule: entry.national_prefix_transform_rule,
      example: entry.example,
      examples: entry.examples,
      patterns: entry.patterns,
      formats: entry.formats,
    };
  }

  postalCode(code: string) {
    const entry = entryFor(this.data['postal-codes'], code, 'postal-codes');
    const rule = entry.postal_code;
    return {
      country: code,
      postal_code: rule && {
        pattern: rule.pattern,
        input_forms: rule.input_forms,
        format: rule.format,
        formats: rule.formats,
        example: rule.example,
        examples: rule.examples,
        local_name: rule.local_name,
        local_names: rule.local_names,
        name_type: rule.name_type,
        required: rule.required,
      },
    };
  }

  subdivisionsOf(code: string): Subdivision[] {
    return this.subdivisionsByCountry.get(code) ?? [];
  }

  subdivision(subdivision: Subdivision, tag: string) {
    const name = this.localizer.picked(subdivision.name, tag);
    return {
      code: subdivision.code,
      name: name.text,
      name_locale: name.locale,
      type: subdivision.type,
      // No source translates ISO's categories (iso-codes' catalogues and CLDR carry none), so the type is English and says so.
      type_locale: 'en',
      parent: subdivision.parent,
      local_name: subdivision.iso_name,
    };
  }

  /**
   * Ordered by name for the reader's locale, except where the country's forms list its subdivisions in
   * code order for readers of that language (data/curated/subdivision-orders.json: Japan's prefectures,
   * JIS X 0401's 01 北海道 to 47 沖縄県, for ja).
   */
  subdivisionList(code: string, tag: string) {
    const subdivisions = this.subdivisionsOf(code).map((subdivision) => this.subdivision(subdivision, tag));
    const language = tag.split('-')[0];
    const byCode = this.data['curated/subdivision-orders'].some((entry) => entry.country === code && entry.languages.includes(language));
    return {
      country: code,
      subdivisions: byCode ? subdivisions.sort((a, b) => (a.code < b.code ? -1 : 1)) : this.sortedByName(subdivisions, tag, (subdivision) => subdivision.name),
    };
  }

  /**
   * The subdivision as an address in `language` writes it: its code where the country writes codes (US "CA"),
   * else its name in that language. Latin text may fall back to the English name; text in another script
   * has no fallback (an English name in a Russian address would be wrong), so the gate sees it missing.
   */
  subdivisionLabel(entry: AddressEntry, example: AddressExample, written: WrittenAddress, language: string): string | null {
    const { subdivision } = example;
    if (subdivision && entry.format.subdivision_style === 'code') return subdivision;
    if (written.subdivision_name) return written.subdivision_name;
    const record = subdivision ? this.subdivisionsByCode.get(`${entry.country}-${subdivision}`) : null;
    const name = record?.name[language] ?? record?.name[language.split('-')[0]];
    return name ?? (entry.script === 'Latn' ? (record?.name.en ?? null) : null);
  }

  /** One written form of the example: its parts, lines and layout, in the country's script or in Latin script. */
  private writtenAddress(entry: AddressEntry, example: AddressExample, written: WrittenAddress, layout: string, language: string) {
    const { format } = entry;
    const parts = {
      place: written.place,
      street: written.street,
      city: written.city,
      postal_code: example.postal_code,
      subdivision: this.subdivisionLabel(entry, example, written, language),
    };
    return {
      example: { street: written.street, city: written.city, subdivision: example.subdivision, postal_code: example.postal_code },
      lines: renderAddressLines(layout, format.uppercase, parts, language),
      format: { layout: completeLayout(layout, parts), required: format.required, uppercase: format.uppercase, name_types: format.name_types },
      place: written.place,
    };
  }

  addressExample(code: string) {
    const entry = entryFor(this.data.addresses, code, 'addresses');
    const { example, format, language } = entry;
    if (!example || !language) throw new Error(`data/addresses.json has no example in a language for ${code}`);
    // Latin text follows the Latin-script layout where Google has one; the country's own script, its own layout.
    const latinLayout = format.latin_layout ?? format.layout;
    const native = this.writtenAddress(entry, example, example, entry.script === 'Latn' ? latinLayout : format.layout, language);
    return {
      country: code,
      language,
      ...native,
      source: example.source,
      latin: example.latin ? this.writtenAddress(entry, example, example.latin, latinLayout, 'en') : null,
    };
  }
}
