/**
 * Precomputes every file-backed response into the dist tree, at the keys the contract's layout
 * gives (contract/layout.ts). A localized file is written only where it differs from what its
 * fallback chain would give (pt-AO falls back to pt-PT, then pt, then English); the list envelopes,
 * which name their locale, exist for every locale.
 */
import { contentLanguageOf, localizedKey } from '../../contract/layout.ts';
import type { DistWriter } from './writer.ts';
import type { Localizer } from './localize.ts';
import type { Responses } from './responses.ts';

const DEFAULT_LOCALE = 'en';
const localizedPath = (tag: string, rest: string) => localizedKey(tag, rest, DEFAULT_LOCALE);
/** Writes `body` at `key` with the Content-Language the contract gives its place in the layout. */
const write = (writer: DistWriter, key: string, body: Buffer | unknown, requests: string[]) =>
  writer.writeFile(key, Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body)), { requests, contentLanguage: contentLanguageOf(key, DEFAULT_LOCALE) });

function request(path: string, tag: string | null, extra = ''): string {
  const query = [tag && tag !== 'en' ? `locale=${tag}` : '', extra].filter(Boolean).join('&');
  return query ? `${path}?${query}` : path;
}

/**
 * Writes one localized resource for every locale, skipping a locale whose body equals its
 * fallback's: such a request is answered by the first file along the locale's fallback chain
 * (manifest `locales`), so the manifest lists only each file's direct requests.
 */
function writeLocalized(writer: DistWriter, localizer: Localizer, rest: string, requestPath: string, body: (tag: string) => unknown): void {
  const written = new Map<string, string>(); // tag -> serialized body of the file written for it
  for (const tag of localizer.tagsFallbacksFirst) {
    const serialized = JSON.stringify(body(tag));
    const fallback = localizer.chain(tag).slice(1).find((candidate) => written.has(candidate));
    if (fallback !== undefined && written.get(fallback) === serialized) continue;
    written.set(tag, serialized);
    const requests = tag === 'en' ? [requestPath, request(requestPath, null, 'locale=en')] : [request(requestPath, tag)];
    write(writer, localizedPath(tag, rest), Buffer.from(serialized), requests);
  }
}

/** A unit of work a worker can do alone: one locale's two list envelopes, or everything of one country. */
export type Job = { kind: 'lists'; tag: string } | { kind: 'country'; code: string };

export function responseJobs(localizer: Localizer, countryCodes: string[]): Job[] {
  return [
    ...localizer.tags.map((tag): Job => ({ kind: 'lists', tag })),
    ...countryCodes.map((code): Job => ({ kind: 'country', code })),
  ];
}

export function runJob(job: Job, writer: DistWriter, responses: Responses, localizer: Localizer): void {
  if (job.kind === 'lists') return writeLists(writer, responses, job.tag);
  writeCountry(writer, responses, localizer, job.code);
}

function writeLists(writer: DistWriter, responses: Responses, tag: string): void {
  const requests = (view: string) => tag === 'en'
    ? [request('/v1/countries', null, view), request('/v1/countries', null, ['locale=en', view].filter(Boolean).join('&'))]
    : [request('/v1/countries', tag, view)];
  write(writer, localizedPath(tag, 'countries.json'), responses.countryList(tag, 'compact'), requests(''));
  write(writer, localizedPath(tag, 'countries.full.json'), responses.countryList(tag, 'full'), requests('view=full'));
}

function writeCountry(writer: DistWriter, responses: Responses, localizer: Localizer, code: string): void {
  const country = responses.countries.find((candidate) => candidate.alpha2 === code);
  if (!country) throw new Error(`data/countries.json has no country ${code}`);
  writeLocalized(writer, localizer, `countries/${code}.json`, `/v1/countries/${code}`, (tag) => responses.fullCountry(country, tag));
  write(writer, `v1/phone/${code}.json`, responses.phone(code), [`/v1/phone/${code}`]);
  write(writer, `v1/postal-code/${code}.json`, responses.postalCode(code), [`/v1/postal-code/${code}`]);
  write(writer, `v1/address-example/${code}.json`, responses.addressExample(code), [`/v1/address-example/${code}`]);
  writeLocalized(writer, localizer, `subdivisions/${code}.json`, `/v1/subdivisions/${code}`, (tag) => responses.subdivisionList(code, tag));
  for (const subdivision of responses.subdivisionsOf(code)) {
    writeLocalized(writer, localizer, `subdivisions/${code}/${subdivision.code}.json`, `/v1/subdivisions/${code}/${subdivision.code}`,
      (tag) => responses.subdivision(subdivision, tag));
  }
}
