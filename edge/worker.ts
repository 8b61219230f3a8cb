/**
 * The Cloudflare Workers entry: the one place that reads the Worker's bindings. The handler is made on
 * the first request of an isolate and kept for its life. A Worker whose settings are wrong answers
 * every request with a 500 problem and logs why, rather than serving without keys.
 */
import { CACHE_CONTROL } from '../contract/headers.ts';
import { PROBLEM_TYPE, problemBody } from '../contract/problems.ts';
import type { AssetFetcher } from './assets.ts';
import { createHandler, type Handler } from './handler.ts';
import { readSettings, type Bindings } from './settings.ts';

let handler: Handler | undefined;

function misconfigured(problems: string[]): Handler {
  const body = problemBody({ code: 'internal_error', detail: 'The server is not configured to answer requests.' });
  return async () => {
    console.error(`edge: cannot serve:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    return new Response(body, { status: 500, headers: { 'Content-Type': PROBLEM_TYPE, 'Cache-Control': CACHE_CONTROL.none } });
  };
}

export default {
  fetch(request: Request, env: Bindings & { ASSETS: AssetFetcher }): Promise<Response> {
    if (!handler) {
      const { settings, problems } = readSettings(env);
      handler = settings ? createHandler({ assets: env.ASSETS, ...settings, log: (line) => console.error(`edge: ${line}`) }) : misconfigured(problems);
    }
    return handler(request);
  },
};
