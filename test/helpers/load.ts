/**
 * A bounded HTTP load: `concurrency` loops on kept-alive connections, each sending the next request
 * the caller picks, until stopped, `maxRequests` have been sent or `maxMs` has passed, whichever is
 * first. Every response is handed over whole, its body decoded (br, gzip); every failure too.
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface Target {
  path: string;
  method?: string;
  headers?: Record<string, string>;
}

export interface Result {
  target: Target;
  /** 0 when the request failed without a response (`error` says how). */
  status: number;
  headers: IncomingHttpHeaders;
  /** Decoded. */
  body: Buffer;
  ms: number;
  error?: string;
  /** Whether any byte of a response arrived before a failure. */
  partial?: boolean;
  /** Whether it was sent on a kept-alive connection used before. */
  reused?: boolean;
}

export interface LoadOptions {
  port: number;
  concurrency: number;
  next: (index: number) => Target;
  onResult: (result: Result) => void;
  maxRequests: number;
  maxMs: number;
  /** Milliseconds a request may take before it counts as failed (the socket is destroyed). */
  requestTimeoutMs?: number;
  /** Each request on a connection of its own (still asking for keep-alive), closed after its answer. */
  freshConnections?: boolean;
}

export interface Load {
  stop: () => void;
  /** Resolves with the number of requests sent, once every loop has ended. */
  done: Promise<number>;
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

function send(agent: Agent, port: number, target: Target, timeoutMs: number): Promise<Result> {
  const started = performance.now();
  return new Promise((resolve) => {
    let partial = false;
    const fail = (error: Error & { code?: string }) =>
      resolve({
        target,
        status: 0,
        headers: {},
        body: Buffer.alloc(0),
        ms: performance.now() - started,
        error: error.code ?? error.message,
        partial,
        reused: req.reusedSocket,
      });
    const req = request({ host: '127.0.0.1', port, path: target.path, method: target.method ?? 'GET', headers: target.headers, agent }, (res) => {
      partial = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        let body: Buffer;
        try {
          body = decode(Buffer.concat(chunks), res.headers['content-encoding']);
        } catch (error) {
          return fail(error as Error);
        }
        resolve({ target, status: res.statusCode!, headers: res.headers, body, ms: performance.now() - started });
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', fail);
    req.end();
  });
}

export function runLoad(options: LoadOptions): Load {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const deadline = performance.now() + options.maxMs;
  let sent = 0;
  let stopped = false;
  const loop = async () => {
    while (!stopped && sent < options.maxRequests && performance.now() < deadline) {
      const index = sent++;
      const using = options.freshConnections ? new Agent({ keepAlive: true }) : agent;
      options.onResult(await send(using, options.port, options.next(index), options.requestTimeoutMs ?? 30_000));
      if (using !== agent) using.destroy();
    }
  };
  const done = Promise.all(Array.from({ length: options.concurrency }, loop)).then(() => {
    agent.destroy();
    return sent;
  });
  return {
    stop: () => {
      stopped = true;
    },
    done,
  };
}
