/** The dataset files of data/, each validated by the schema of the same name beside it (`<name>.schema.json`). */
export const DATASETS = [
  'locales', 'countries', 'regions', 'former-names', 'unserved-locale-names', 'country-languages', 'name-readings', 'phone', 'postal-codes', 'subdivisions', 'addresses',
  'withdrawn-codes', 'upstreams', 'known-differences', 'dropped-names',
  'curated/countries', 'curated/calling-codes', 'curated/postal-code-names', 'curated/postal-code-rules', 'curated/addresses',
  'curated/name-overrides', 'curated/withdrawn-countries', 'curated/subdivision-changes', 'curated/search-names', 'curated/code-hints',
  'curated/shared-names', 'curated/regional-names', 'curated/subdivision-orders', 'curated/subdivision-types',
  'curated/subdivision-names', 'curated/iso-renames', 'curated/name-readings', 'curated/page-words',
  'curated/source-trust', 'curated/name-check-exceptions', 'curated/phone-examples',
] as const;
export type DatasetName = (typeof DATASETS)[number];
