/**
 * A raw node:http server answering the measured requests from memory (a Map of URL to prepared
 * answers, and the gateway's own 401 and 404), with as many node:cluster workers as the gateway it is
 * compared with: the ceiling for any Node gateway, the same bytes with nothing else to do. With
 * `polka`, the same answers come from the one middleware of a Polka app: the ceiling for a gateway
 * built on Polka, as this one must be.
 *   node --import tsx bench/reference-server.ts <port> <spec.json> <workers> [polka]
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import polka, { type Middleware, type Request } from 'polka';

export interface ReferenceRoute {
  url: string;
  headers: Record<string, string>;
  body: string;
  brBody?: string;
  etag?: string;
}
/** An error answer of the gateway's (the 401, the 404), sent as it is: headers and problem document. */
export interface ReferenceProblem {
  status: number;
  headers: Record<string, string>;
  body: string;
}
export interface ReferenceSpec {
  key: string;
  routes: ReferenceRoute[];
  problems: ReferenceProblem[];
}

const [portText, specFile, workers, router] = process.argv.slice(2);

if (cluster.isPrimary) {
  for (let i = 0; i < Number(workers); i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const spec: ReferenceSpec = JSON.parse(readFileSync(specFile, 'utf8'));
  const auth = `Bearer ${spec.key}`;
  const type = 'application/json; charset=utf-8';
  const routes = new Map(
    spec.routes.map((route) => {
      const body = Buffer.from(route.body, 'base64');
      const brBody = route.brBody ? Buffer.from(route.brBody, 'base64') : undefined;
      const headers = Object.entries(route.headers).flat();
      return [route.url, { ...route, body, brBody, headers }];
    }),
  );
  const problem = (status: number) => {
    const { headers, body } = spec.problems.find((answer) => answer.status === status)!;
    const bytes = Buffer.from(body, 'base64');
    return { head: [...Object.entries(headers).flat(), 'Content-Length', bytes.length], bytes };
  };
  const [unauthorized, notFound] = [problem(401), problem(404)];
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.authorization !== auth) return void res.writeHead(401, unauthorized.head).end(unauthorized.bytes);
    const route = routes.get(req.url!);
    if (!route) return void res.writeHead(404, notFound.head).end(notFound.bytes);
    if (route.etag && req.headers['if-none-match'] === route.etag) return void res.writeHead(304, route.headers).end();
    const br = route.brBody && /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
    const body = br ? route.brBody! : route.body;
    const coding = br ? ['Content-Encoding', 'br'] : [];
    res.writeHead(200, [...route.headers, ...coding, 'Content-Type', type, 'Content-Length', body.length]).end(body);
  };
  const app = polka().use(answer as Middleware);
  createServer(router === 'polka' ? (req, res) => app.handler(req as Request, res, undefined as never) : answer).listen(Number(portText), '127.0.0.1');
}
