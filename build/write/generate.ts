/**
 * Precomputes every file-backed answer of the endpoint table (contract/endpoints.ts) into the dist
 * tree, at the keys the contract's layout gives (contract/layout.ts), with the body functions of
 * answers.ts. A localized answer with path codes is written only where it differs from what its
 * fallback chain would give (pt-AO falls back to pt-PT, then pt, then English); an answer without
 * path codes (a list envelope, which names its locale) is written for every locale.
 */
import { answerRest, ENDPOINTS, pathKinds, type Endpoint, type FileEndpointId } from '../../contract/endpoints.ts';
import { contentLanguageOf, localizedKey } from '../../contract/layout.ts';
import { VIEWS, type View } from '../../contract/params.ts';
import type { PathCodes } from '../../contract/path-codes.ts';
import { ANSWERS, type Codes } from './answers.ts';
import type { Localizer } from './localize.ts';
import type { Responses } from './responses.ts';
import type { DistWriter } from './writer.ts';

type FileEndpoint = Endpoint & { id: FileEndpointId; answer: { kind: 'file' } };
const FILE_ENDPOINTS = (ENDPOINTS as readonly Endpoint[]).filter((endpoint): endpoint is FileEndpoint => endpoint.answer.kind === 'file');

/** Writes `body` at `key` with the Content-Language the contract gives its place in the layout. */
function write(writer: DistWriter, key: string, body: Buffer, requests: string[], defaultLocale: string): void {
  writer.writeFile(key, body, { requests, contentLanguage: contentLanguageOf(key, defaultLocale) });
}

const joined = (...parts: string[]) => parts.filter(Boolean).join('&');
const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

/** The requests a file answers directly: in the default locale, the path with and without `locale`. */
function requestsOf(path: string, tag: string, viewQuery: string, defaultLocale: string): string[] {
  return tag === defaultLocale
    ? [withQuery(path, viewQuery), withQuery(path, joined(`locale=${tag}`, viewQuery))]
    : [withQuery(path, joined(`locale=${tag}`, viewQuery))];
}

/** A unit of work a worker can do alone: one locale of an answer without path codes, or every answer under one top-level code. */
export type Job = { kind: 'locale'; endpoint: FileEndpointId; tag: string } | { kind: 'code'; top: string; code: string };

export interface GenerateContext {
  writer: DistWriter;
  responses: Responses;
  localizer: Localizer;
  /** Each kind of path code's table (build/write/path-codes.ts). */
  tables: Record<string, PathCodes>;
  defaultLocale: string;
}

export function responseJobs(localizer: Localizer, tables: Record<string, PathCodes>): Job[] {
  const jobs: Job[] = [];
  const tops = new Set<string>();
  for (const endpoint of FILE_ENDPOINTS) {
    const [top] = pathKinds(endpoint);
    if (top) tops.add(top.name);
    else for (const tag of endpoint.answer.localized ? localizer.tags : [localizer.defaultLocale]) jobs.push({ kind: 'locale', endpoint: endpoint.id, tag });
  }
  for (const top of tops) for (const code of tables[top].codes['']) jobs.push({ kind: 'code', top, code });
  return jobs;
}

const viewsOf = (endpoint: Endpoint): readonly View[] => (endpoint.query.includes('view') ? VIEWS : ['compact']);
const viewQueryOf = (view: View) => (view === 'compact' ? '' : `view=${view}`);
/** The request path of an answer: the endpoint's path with each code in its canonical form. */
const requestPath = (endpoint: Endpoint, codes: Codes) =>
  pathKinds(endpoint).reduce((path, kind) => path.replace(`:${kind.param}`, codes[kind.name]), endpoint.path);

/** Every combination of path codes an endpoint answers, starting from `code` of its first kind. */
function combinations(endpoint: Endpoint, code: string, tables: Record<string, PathCodes>): Codes[] {
  const [first, ...rest] = pathKinds(endpoint);
  let all: Codes[] = [{ [first.name]: code }];
  for (const kind of rest) {
    all = all.flatMap((codes) => (tables[kind.name].codes[kind.scope ? codes[kind.scope] : ''] ?? []).map((next) => ({ ...codes, [kind.name]: next })));
  }
  return all;
}

/**
 * Writes one localized answer for every locale, skipping a locale whose body equals its fallback's:
 * such a request is answered by the first file along the locale's fallback chain (manifest `locales`),
 * so the manifest lists only each file's direct requests.
 */
function writeLocalized(context: GenerateContext, rest: string, path: string, viewQuery: string, body: (tag: string) => unknown): void {
  const { localizer, writer, defaultLocale } = context;
  const written = new Map<string, string>(); // tag -> serialized body of the file written for it
  for (const tag of localizer.tagsFallbacksFirst) {
    const serialized = JSON.stringify(body(tag));
    const fallback = localizer
      .chain(tag)
      .slice(1)
      .find((candidate) => written.has(candidate));
    if (fallback !== undefined && written.get(fallback) === serialized) continue;
    written.set(tag, serialized);
    write(writer, localizedKey(tag, rest, defaultLocale), Buffer.from(serialized), requestsOf(path, tag, viewQuery, defaultLocale), defaultLocale);
  }
}

function writeAnswer(context: GenerateContext, endpoint: FileEndpoint, codes: Codes): void {
  const path = requestPath(endpoint, codes);
  for (const view of viewsOf(endpoint)) {
    const rest = answerRest(endpoint.answer, codes, view);
    const body = (tag: string) => ANSWERS[endpoint.id](context.responses, codes, tag, view);
    if (endpoint.answer.localized) writeLocalized(context, rest, path, viewQueryOf(view), body);
    else
      write(
        context.writer,
        `v1/${rest}`,
        Buffer.from(JSON.stringify(body(context.defaultLocale))),
        [withQuery(path, viewQueryOf(view))],
        context.defaultLocale,
      );
  }
}

export function runJob(job: Job, context: GenerateContext): void {
  if (job.kind === 'locale') {
    const endpoint = FILE_ENDPOINTS.find((candidate) => candidate.id === job.endpoint)!;
    const { writer, defaultLocale } = context;
    for (const view of viewsOf(endpoint)) {
      const body = ANSWERS[endpoint.id](context.responses, {}, job.tag, view);
      write(
        writer,
        localizedKey(job.tag, answerRest(endpoint.answer, {}, view), defaultLocale),
        Buffer.from(JSON.stringify(body)),
        requestsOf(endpoint.path, job.tag, viewQueryOf(view), defaultLocale),
        defaultLocale,
      );
    }
    return;
  }
  for (const endpoint of FILE_ENDPOINTS) {
    if (pathKinds(endpoint)[0]?.name !== job.top) continue;
    for (const codes of combinations(endpoint, job.code, context.tables)) writeAnswer(context, endpoint, codes);
  }
}
