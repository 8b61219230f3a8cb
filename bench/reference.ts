/**
 * Starts bench/reference-server.ts on the measured requests, with the gateway's headers and the expected
 * bodies, its 401 and 404 as it sends them, and `workers` workers: raw node:http, or Polka.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './dist.ts';
import type { ReferenceProblem, ReferenceRoute, ReferenceSpec } from './reference-server.ts';
import type { Answer } from './verify.ts';
import { startServer, type Server } from './server.ts';
import type { Workload } from './workloads.ts';

/** Headers a server writes itself for any answer. */
const FRAMING_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
/** Headers a static server produces itself, or that depend on the coding: not copied onto a file's answer. */
export const OWN_HEADERS = new Set([...FRAMING_HEADERS, 'content-type', 'content-encoding']);

export interface ReferenceOptions {
  dir: string;
  port: number;
  key: string;
  workers: number;
  workloads: Workload[];
  headersByPath: Map<string, Record<string, string>>;
  /** The gateway's answers to the 401 and 404 workloads, sent as they are. */
  problems: Answer[];
  /** Answer from the one middleware of a Polka app instead of node:http's request listener. */
  polka?: boolean;
}

export function startReference(options: ReferenceOptions): Promise<Server> {
  const routes = new Map<string, ReferenceRoute>();
  for (const workload of options.workloads.filter((w) => w.validKey && w.body && w.status === 200)) {
    const route = routes.get(workload.path) ?? {
      url: workload.path,
      body: '',
      headers: Object.fromEntries(Object.entries(options.headersByPath.get(workload.path.split('?')[0]) ?? {}).filter(([name]) => !OWN_HEADERS.has(name))),
    };
    if (workload.coding === 'br') route.brBody = workload.body!.toString('base64');
    else route.body = workload.body!.toString('base64');
    routes.set(workload.path, route);
  }
  for (const workload of options.workloads.filter((w) => w.etag)) routes.get(workload.path)!.etag = workload.etag;
  const problems = options.problems.map(
    (answer): ReferenceProblem => ({
      status: answer.status,
      headers: Object.fromEntries(Object.entries(answer.headers).flatMap(([name, value]) => (FRAMING_HEADERS.has(name) ? [] : [[name, String(value)]]))),
      body: answer.body.toString('base64'),
    }),
  );
  const spec: ReferenceSpec = { key: options.key, routes: [...routes.values()], problems };
  const name = options.polka ? 'polka' : 'node:http';
  const specFile = join(options.dir, `reference-${name}.json`);
  writeFileSync(specFile, JSON.stringify(spec));
  return startServer({
    name,
    command: process.execPath,
    args: [
      '--import',
      'tsx',
      join(ROOT, 'bench', 'reference-server.ts'),
      String(options.port),
      specFile,
      String(options.workers),
      ...(options.polka ? ['polka'] : []),
    ],
    port: options.port,
    readyPath: '/',
    log: join(options.dir, `reference-${name.replace(':', '-')}.log`),
  });
}
