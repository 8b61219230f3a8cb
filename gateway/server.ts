/**
 * The HTTP server the gateway listens with: bounded time for a client to send its headers, its whole
 * request, and to start another request on a kept-alive connection, so slow or idle clients cannot
 * hold connections open (slowloris). What Node's parser refuses before any handler runs (a malformed
 * request line, headers over the size limit, a client too slow to send them) is answered as a problem
 * document too, like every other error (and a CONNECT, as a 405), and the connection is closed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Pairs } from './cors.ts';
import { tickFor } from './deadlines.ts';
import { rawHead } from './fast-path.ts';
import { ALLOWED_METHODS, problemParts, type ProblemCode } from './problem.ts';

export interface ServerOptions {
  /** Time for a client to send the request line and headers. */
  headersTimeoutMs?: number;
  /** Time for a client to send the whole request; at least headersTimeoutMs. */
  requestTimeoutMs?: number;
  /** How long a kept-alive connection may stay idle between requests. */
  keepAliveTimeoutMs?: number;
  /** Headers added to a problem answered here (the data release); called for each. */
  headers?: () => Pairs;
}

export const SERVER_DEFAULTS = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 } as const;

type ClientError = Error & { code?: string };

const REFUSALS: Record<string, [ProblemCode, string]> = {
  HPE_HEADER_OVERFLOW: ['headers_too_large', 'The request line and headers may take at most 16 KiB.'],
  ERR_HTTP_REQUEST_TIMEOUT: ['request_timeout', 'The request was not received in time.'],
};
const MALFORMED: [ProblemCode, string] = ['bad_request', 'The request is not valid HTTP/1.1.'];

/** The raw bytes of a problem response that closes its connection. */
const CONNECT: [ProblemCode, string] = ['method_not_allowed', 'CONNECT is not allowed; this API is read-only.'];

function problemResponse([code, detail]: [ProblemCode, string], extra: Pairs): string {
  const { status, head, body } = problemParts(code, detail);
  return `${rawHead(status, [...extra, ...head, 'Connection', 'close'])}\r\n${body.toString('utf8')}`;
}

/** The server, with no 'request' listener yet: the caller adds its own (drain.ts counts requests before the app answers). */
export function createGatewayServer(options: ServerOptions = {}): Server {
  const headersTimeout = options.headersTimeoutMs ?? SERVER_DEFAULTS.headersTimeoutMs;
  const requestTimeout = options.requestTimeoutMs ?? SERVER_DEFAULTS.requestTimeoutMs;
  const server = createServer({
    headersTimeout,
    requestTimeout,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? SERVER_DEFAULTS.keepAliveTimeoutMs,
    // How often Node looks for connections past those timeouts (30 s by default, longer than the timeouts).
    connectionsCheckingInterval: tickFor(headersTimeout, requestTimeout),
    // Node would answer a missing Host with an empty 400 of its own; the app answers it as a problem.
    requireHostHeader: false,
  });

  const refuse = (socket: Socket, refusal: [ProblemCode, string], extra: Pairs = []) => {
    socket.once('finish', () => socket.destroy());
    socket.end(problemResponse(refusal, [...extra, ...options.headers?.() ?? []]));
  };
  server.on('clientError', (error: ClientError, socket: Socket & { _httpMessage?: ServerResponse }) => {
    // As Node does without this listener: answer only when no response has started on the connection.
    if (socket.writable && !socket._httpMessage?.headersSent && error.code !== 'ECONNRESET') refuse(socket, REFUSALS[error.code ?? ''] ?? MALFORMED);
    else socket.destroy();
  });
  // Without this listener Node closes a CONNECT's connection without a word.
  server.on('connect', (_req: IncomingMessage, socket: Socket) => refuse(socket, CONNECT, ['Allow', ALLOWED_METHODS]));
  return server;
}
