/**
 * The file-backed endpoints: each resolves its path and query to one key of the manifest and sends
 * that file. Path codes are checked before query parameters, so an unknown code is a 404 whatever
 * the query says.
 */
import type { Middleware, Request } from 'polka';
import type { ServerResponse } from 'node:http';
import type { Bodies } from './bodies.ts';
import type { Dist, DistFile } from './dist.ts';
import { readLocale, readView } from './params.ts';
import { quoteCode, sendProblem, type ProblemCode } from './problem.ts';
import { countryCode, localizedFile, subdivisionCode } from './resolve.ts';
import { sendFile, type SendOptions } from './send.ts';

/** What a URL comes to, whatever the headers: a file of the manifest, a problem, or a search (its result's key, search-route.ts). */
export type Outcome = { key: string; file: DistFile } | { code: ProblemCode; detail: string } | { search: string };

export interface RouteOptions extends SendOptions {
  dist: Dist;
  bodies: Bodies;
  /** Told what each URL came to, so the next request for it can skip the routing. */
  resolved?: (req: Request, outcome: Outcome) => void;
}

/** Sends a problem that follows from the URL alone, and tells `resolved`. */
export function refuse(options: Pick<RouteOptions, 'resolved'>, req: Request, res: ServerResponse, code: ProblemCode, detail: string): void {
  sendProblem(res, code, detail);
  options.resolved?.(req, { code, detail });
}

/** What a route answers: a manifest key (`v1/...`), or nothing when it has already sent an error. */
type Resolver = (req: Request, res: ServerResponse) => string | undefined;

function serve(options: RouteOptions, resolve: Resolver): Middleware {
  return (req, res) => {
    const key = resolve(req, res);
    if (key === undefined) return;
    const file = options.dist.files.get(key);
    if (!file) return refuse(options, req, res, 'not_found', 'No such resource.');
    options.resolved?.(req, { key, file });
    return sendFile(req, res, options.bodies, key, file, options);
  };
}

export function fileRoutes(options: RouteOptions): [path: string, handler: Middleware][] {
  const { dist } = options;

  const country = (req: Request, res: ServerResponse): string | undefined => {
    const code = countryCode(dist, req.params.country);
    if (!code) refuse(options, req, res, 'country_not_found', `No country has the code ${quoteCode(req.params.country)}.`);
    return code;
  };

  /** `rest` in the locale the query asks for; undefined (400 sent) for a malformed locale. */
  const localized = (req: Request, res: ServerResponse, rest: string): string | undefined => {
    const locale = readLocale(req.query, dist);
    if ('invalid' in locale) return void refuse(options, req, res, 'invalid_parameter', locale.invalid);
    return localizedFile(dist, locale.value, rest);
  };

  const perCountry = (family: string): Resolver => (req, res) => {
    const code = country(req, res);
    return code && `v1/${family}/${code}.json`;
  };

  return [
    ['/v1/countries', serve(options, (req, res) => {
      const view = readView(req.query);
      if ('invalid' in view) return void refuse(options, req, res, 'invalid_parameter', view.invalid);
      return localized(req, res, view.value === 'full' ? 'countries.full.json' : 'countries.json');
    })],
    ['/v1/countries/:country', serve(options, (req, res) => {
      const code = country(req, res);
      return code && localized(req, res, `countries/${code}.json`);
    })],
    ['/v1/phone/:country', serve(options, perCountry('phone'))],
    ['/v1/postal-code/:country', serve(options, perCountry('postal-code'))],
    ['/v1/address-example/:country', serve(options, perCountry('address-example'))],
    ['/v1/subdivisions/:country', serve(options, (req, res) => {
      const code = country(req, res);
      return code && localized(req, res, `subdivisions/${code}.json`);
    })],
    ['/v1/subdivisions/:country/:subdivision', serve(options, (req, res) => {
      const code = country(req, res);
      if (!code) return undefined;
      const subdivision = subdivisionCode(dist, code, req.params.subdivision);
      if (!subdivision) {
        return void refuse(options, req, res, 'subdivision_not_found', `${code} has no subdivision ${quoteCode(req.params.subdivision)}.`);
      }
      return localized(req, res, `subdivisions/${code}/${subdivision}.json`);
    })],
  ];
}

/** Last in line: any other path the build declares a file for (`/v1`, `/v1/openapi.json`), else 404. */
export function declaredPaths(options: RouteOptions): Middleware {
  return serve(options, (req, res) => {
    const key = options.dist.paths.get(req.path);
    if (key === undefined) refuse(options, req, res, 'not_found', 'No such resource. Every path begins with /v1; see /v1/openapi.json.');
    return key;
  });
}
