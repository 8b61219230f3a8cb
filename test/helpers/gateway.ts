/**
 * The gateway as production starts it (gateway/serve.ts, with the configuration gateway/config.ts
 * reads from an environment), on the real built dist, listening on 127.0.0.1 on a free port; and a
 * plain HTTP client for it (node:http, so nothing is decompressed or added behind the test's back).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readConfig } from '../../gateway/config.ts';
import { openDist, type Dist } from '../../gateway/dist.ts';
import { serve, type Gateway as Serving } from '../../gateway/serve.ts';
import { get, type Answer } from './answers.ts';
import { builtDist } from './dist.ts';
import type { Manifest } from '../../contract/manifest.ts';

export const TEST_KEY = 'test-key-0123456789-abcdefghij';

let dist: Dist | undefined;
/** The test dist, opened once per run. */
export const testDist = (): Dist => (dist ??= openDist(builtDist()));

let manifest: Manifest | undefined;
/** manifest.json as written (with each file's `requests`, which the gateway does not keep). */
export const rawManifest = (): Manifest => (manifest ??= JSON.parse(readFileSync(join(builtDist(), 'manifest.json'), 'utf8')));

/** The bytes of a dist file, e.g. distFile('v1/countries/BR.json') or distFile('v1/countries.json.br'). */
export const distFile = (path: string): Buffer => readFileSync(join(builtDist(), path));

export interface Reply extends Answer {
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
  /** Every line the gateway logged (requests, errors, reloads), in order. */
  logs: string[];
  serving: Serving;
  request: (path: string, options?: RequestOptions) => Promise<Reply>;
  close: () => Promise<void>;
}

/**
 * Serves the test dist with TEST_KEY in one process, the watch off, a reload not checking files;
 * `env` is added to (and overrides) that environment, as it would be given to `npm start`.
 */
export async function startGateway(env: Record<string, string> = {}): Promise<Gateway> {
  const defaults = { API_KEYS: TEST_KEY, DIST_DIR: builtDist(), PORT: '0', WORKERS: '1', WATCH_DIST_MS: '0', VERIFY_DIST: 'off' };
  const { config, problems } = readConfig({ ...defaults, ...env }, builtDist());
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const logs: string[] = [];
  const serving = await serve(config, { log: (line) => logs.push(line), say: (line) => logs.push(line) });
  const { port } = serving.address;

  const request = async (path: string, { method = 'GET', headers = {}, key = TEST_KEY }: RequestOptions = {}): Promise<Reply> => {
    const answer = await get(port, path, key === null ? headers : { Authorization: `Bearer ${key}`, ...headers }, method);
    return { ...answer, json: () => JSON.parse(answer.body.toString('utf8')) };
  };

  return { port, logs, serving, request, close: serving.close };
}
