/**
 * The file-backed endpoints: each resolves its path and query to one key of the manifest and sends
 * that file. Codes are taken in any case and as alpha-2, alpha-3 or numeric; a locale is answered by
 * the first file along its fallback chain. Path codes are checked before query parameters, so an
 * unknown code is a 404 (a code ISO withdrew, a 410 naming its successors) whatever the query says.
 * Only keys of the manifest come out of here.
 */
import type { Request } from 'polka';
import type { Dist } from './dist.ts';
import type { WithdrawnCode } from './manifest.ts';
import { readLocale, readView } from './params.ts';
import { quoteCode, sendProblem, withdrawnProblem } from './problem.ts';
import type { Res, Sender } from './send.ts';

export type Route = (req: Request, res: Res) => void;

/** The alpha-2 code for an alpha-2, alpha-3 or numeric code in any case, if the country exists. */
export const countryCode = (dist: Dist, input: string): string | undefined => dist.countryCodes.get(input.toLowerCase());

/** `input` (`BR-SP`, `br-sp` or `sp`) as an ISO 3166-2 code of `country`, current or not; undefined with another country's prefix. */
const qualified = (country: string, input: string) => {
  const upper = input.toUpperCase();
  const code = upper.includes('-') ? upper : `${country}-${upper}`;
  return code.startsWith(`${country}-`) ? code : undefined;
};

/** The ISO 3166-2 code for `input` (`BR-SP`, `br-sp` or `sp`) within `country`; undefined when that country has no such subdivision. */
export function subdivisionCode(dist: Dist, country: string, input: string): string | undefined {
  const code = qualified(country, input);
  return code && dist.files.has(`v1/subdivisions/${country}/${code}.json`) ? code : undefined;
}

/**
 * The file answering `rest` (e.g. `countries/BR.json`) in `locale`: the locale's own file if the build
 * wrote one, else the first along its fallback chain, else the default-locale file. The build writes a
 * localized file only where its body differs from what the chain would give.
 */
export function localizedFile(dist: Dist, locale: string, rest: string): string {
  for (const tag of dist.localeChains.get(locale.toLowerCase()) ?? []) {
    if (tag === dist.defaultLocale) break;
    const key = `v1/_locale/${tag}/${rest}`;
    if (dist.files.has(key)) return key;
  }
  return `v1/${rest}`;
}

/** A route from what resolves a request to a manifest key (or sends a problem and gives undefined). */
const serving = (dist: Dist, send: Sender) => (resolve: (req: Request, res: Res) => string | undefined): Route => (req, res) => {
  const key = resolve(req, res);
  if (key === undefined) return;
  if (dist.files.has(key)) send.file(req, res, key);
  else sendProblem(res, 'not_found', 'No such resource.');
};

/** The last step: any other path the build declares a file for (`/v1`, `/v1/openapi.json`), else 404. */
export const otherPaths = (dist: Dist, send: Sender): Route => serving(dist, send)((req, res) => {
  const key = dist.paths.get(req.path);
  if (key === undefined) sendProblem(res, 'not_found', 'No such resource. Every path begins with /v1; see /v1/openapi.json.');
  return key;
});

export function fileRoutes(dist: Dist, send: Sender): [path: string, route: Route][] {
  const serve = serving(dist, send);
  /** Answers 410 for a code ISO withdrew; true when it did. */
  const gone = (res: Res, entry: WithdrawnCode | undefined) => {
    if (!entry) return false;
    const { detail, extensions } = withdrawnProblem(entry);
    sendProblem(res, 'code_withdrawn', detail, [], extensions);
    return true;
  };
  const country = (req: Request, res: Res) => {
    const code = countryCode(dist, req.params.country);
    if (!code && !gone(res, dist.withdrawnCountries.get(req.params.country.toLowerCase()))) {
      sendProblem(res, 'country_not_found', `No country has the code ${quoteCode(req.params.country)}.`);
    }
    return code;
  };
  /** `rest` in the locale the query asks for; undefined (400 sent) for a malformed locale. */
  const localized = (req: Request, res: Res, rest: string) => {
    const locale = readLocale(req.query, dist);
    if ('value' in locale) return localizedFile(dist, locale.value, rest);
    sendProblem(res, 'invalid_parameter', locale.invalid);
  };
  const perCountry = (family: string) => serve((req, res) => {
    const code = country(req, res);
    return code && `v1/${family}/${code}.json`;
  });

  return [
    ['/v1/countries', serve((req, res) => {
      const view = readView(req.query);
      if ('value' in view) return localized(req, res, view.value === 'full' ? 'countries.full.json' : 'countries.json');
      sendProblem(res, 'invalid_parameter', view.invalid);
    })],
    ['/v1/countries/:country', serve((req, res) => {
      const code = country(req, res);
      return code && localized(req, res, `countries/${code}.json`);
    })],
    ['/v1/phone/:country', perCountry('phone')],
    ['/v1/postal-code/:country', perCountry('postal-code')],
    ['/v1/address-example/:country', perCountry('address-example')],
    ['/v1/subdivisions/:country', serve((req, res) => {
      const code = country(req, res);
      return code && localized(req, res, `subdivisions/${code}.json`);
    })],
    ['/v1/subdivisions/:country/:subdivision', serve((req, res) => {
      const code = country(req, res);
      if (!code) return undefined;
      const subdivision = subdivisionCode(dist, code, req.params.subdivision);
      if (subdivision) return localized(req, res, `subdivisions/${code}/${subdivision}.json`);
      if (gone(res, dist.withdrawnSubdivisions.get(qualified(code, req.params.subdivision) ?? ''))) return undefined;
      sendProblem(res, 'subdivision_not_found', `${code} has no subdivision ${quoteCode(req.params.subdivision)}.`);
    })],
  ];
}
