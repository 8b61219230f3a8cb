/**
 * The real gateway on the real built dist, listening on 127.0.0.1 on a free port, and a plain HTTP
 * client for it (node:http, so nothing is decompressed or added behind the test's back).
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApp, type GatewayOptions } from '../../gateway/app.ts';
import { openDist, type Dist } from '../../gateway/dist.ts';
import { keysFromList } from '../../gateway/keys.ts';
import { fastPath, type Answerer } from '../../gateway/fast-path.ts';
import { createGatewayServer, SERVER_DEFAULTS, type ServerOptions } from '../../gateway/server.ts';
import { builtDist } from './dist.ts';

export const TEST_KEY = 'test-key-0123456789-abcdefghij';

let dist: Dist | undefined;
/** The test dist, opened once per run. */
export const testDist = (): Dist => (dist ??= openDist(builtDist()));

let manifest: any;
/** manifest.json as written (with each file's `requests`, which the gateway does not keep). */
export const rawManifest = (): any => (manifest ??= JSON.parse(readFileSync(join(builtDist(), 'manifest.json'), 'utf8')));

/** The bytes of a dist file, e.g. distFile('v1/countries/BR.json') or distFile('v1/countries.json.br'). */
export const distFile = (path: string): Buffer => readFileSync(join(builtDist(), path));

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json: () => any;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** The bearer key to send; null sends no Authorization header. Defaults to TEST_KEY. */
  key?: string | null;
}

export interface Gateway {
  port: number;
  logs: string[];
  request: (path: string, options?: RequestOptions) => Promise<Reply>;
  /** How many requests the fast path has answered. */
  fastAnswered: () => number;
  close: () => Promise<void>;
}

/**
 * `server`: the HTTP server's own options (timeouts), as serve.ts passes them. The fast path answers
 * what it can, as in serve.ts, unless `fastPath` is false (node:http and the app answer everything).
 */
export async function startGateway(
  { server: serverOptions, fastPath: withFastPath = true, ...options }: Partial<GatewayOptions> & { server?: ServerOptions; fastPath?: boolean } = {},
): Promise<Gateway> {
  const logs: string[] = [];
  const dist = options.dist ?? testDist();
  const app = createApp({ dist, keys: keysFromList(TEST_KEY), log: (line) => logs.push(line), ...options });
  // The server serve.ts listens with; polka's handler is called with (req, res) only, as there.
  const server = createGatewayServer({ headers: () => ['Data-Release', dist.release.id], ...serverOptions });
  server.on('request', app.handler as unknown as RequestListener);
  let fastAnswered = 0;
  const answer: Answerer = (request, connection) => {
    const found = app.answer(request, connection);
    if (found) fastAnswered++;
    return found;
  };
  const fast = withFastPath ? fastPath(server, { ...SERVER_DEFAULTS, ...serverOptions, answer }) : undefined;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const request = (path: string, { method = 'GET', headers = {}, key = TEST_KEY }: RequestOptions = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const allHeaders = key === null ? headers : { Authorization: `Bearer ${key}`, ...headers };
      httpRequest({ host: '127.0.0.1', port, path, method, headers: allHeaders }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode!, headers: res.headers, body, json: () => JSON.parse(body.toString('utf8')) });
        });
      }).on('error', reject).end();
    });

  const close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    fast?.closeAllConnections();
    server.close(() => resolve());
  });
  return { port, logs, request, close, fastAnswered: () => fastAnswered };
}
