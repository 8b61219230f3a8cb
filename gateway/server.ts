/**
 * The HTTP server: node:http with bounded time for every part of a connection's life, so slow, idle
 * or stalled clients cannot hold connections and the memory of their answers:
 *   headersTimeout    to send the request line and headers (slowloris), then a 408
 *   requestTimeout    to send the whole request, then a 408 (or, where its answer went out before
 *                     its body came, the connection closed: one final response per request)
 *   keepAliveTimeout  for a kept-alive connection to bring its next request; counted from when its
 *                     last answer has been handed to the kernel whole, so nothing unsent is dropped
 *   sendMs            for a client to read: connections.ts closes one whose answer stopped moving
 * Pipelined requests are answered one at a time, at most MAX_WAITING of them queued on a connection
 * (connections.ts): past that the connection is read no more, and closed once they are answered. A client that half-closes its
 * side after pipelining still gets every answer: node:http's httpAllowHalfOpen, the setting its own
 * test suite uses for that, leaves the connection open until the last one is out.
 * What node:http refuses before any handler runs (a malformed request, headers over 16 KiB, a client
 * too slow) is answered as a problem document like every other error, and a CONNECT as a 405.
 * drain() is the graceful stop: see its comment.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Timeouts } from './config.ts';
import { HEADERS_TOO_LARGE, MAX_HEADER_BYTES } from '../contract/headers.ts';
import { ALLOWED_METHODS, BAD_REQUEST, type Problem } from '../contract/problems.ts';
import { Connections, type ConnectionOptions } from './connections.ts';
import { problemParts, type Pairs, type Res } from './send.ts';

const REFUSALS: Record<string, Problem> = {
  HPE_HEADER_OVERFLOW: HEADERS_TOO_LARGE,
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', detail: 'The request was not received in time.' },
};
const CONNECT: Problem = {
  code: 'method_not_allowed',
  detail: 'CONNECT is not allowed; this API is read-only: use GET.',
  headers: [['Allow', ALLOWED_METHODS]],
};
const DRAIN = { graceMs: 1000, timeoutMs: 10_000 };
/** More than a browser or a proxy pipelines; each waiting request holds its request and response objects. */
const MAX_WAITING = 64;

/** A problem response written on the socket itself, closing the connection. */
function rawProblem(problem: Problem, extra: Pairs): string {
  const { status, head, body } = problemParts(problem);
  head.push(...extra);
  let text = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n`;
  for (let i = 0; i < head.length; i += 2) text += `${head[i]}: ${head[i + 1]}\r\n`;
  return `${text}Connection: close\r\n\r\n${body}`;
}

export interface GatewayServer {
  server: Server;
  /**
   * The graceful stop. For `graceMs` the server goes on serving, every answer with Connection: close,
   * so kept-alive clients leave and a request already on its way on an idle connection is still
   * answered; then it stops accepting (`onStopped`), closes the connections idle then, and each other
   * one once its answer is out; `onDrained(true)` when none is left, or `onDrained(false)` after `timeoutMs`.
   */
  drain: (hooks: { onStopped: (open: number) => void; onDrained: (complete: boolean) => void }) => void;
}

export interface ServerHooks {
  /** Answers each request. */
  handle: (req: IncomingMessage, res: Res) => void;
  /** Told of each request once its response is done, with the milliseconds it took. */
  done: ConnectionOptions['done'];
  /** Told once of a connection closed with responses not done: the first, and how many. */
  dropped: ConnectionOptions['dropped'];
  /** Headers added to the problems answered here (the data release, CORS). */
  headers: () => Pairs;
}

export function createGatewayServer(timeouts: Timeouts, { handle, done, dropped, headers }: ServerHooks): GatewayServer {
  const server = createServer({
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    maxHeaderSize: MAX_HEADER_BYTES,
    // How often node:http looks for connections past the first two (30 s by default, longer than they are).
    connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(Math.min(timeouts.headersMs, timeouts.requestMs) / 4))),
    // node:http would answer a missing Host with an empty 400 of its own; the app answers it as a problem.
    requireHostHeader: false,
  });
  // Not in node's types, but read by its http server since 0.x and set by its own tests and by userland servers (spdy).
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  const connections = new Connections(server, { sendMs: timeouts.sendMs, maxWaiting: MAX_WAITING, done, dropped });

  /** Draining: every answer closes its connection. Stopped: no more accepted, and each connection closed once idle. */
  let draining = false;
  let stopped = false;
  server.on('request', (req: IncomingMessage, res: Res) => {
    if (draining) res.setHeader('Connection', 'close');
    if (stopped) res.once('close', () => server.closeIdleConnections());
    connections.request(req, res, () => handle(req, res));
  });

  const refuse = (socket: Socket, refusal: Problem) => {
    socket.once('finish', () => socket.destroy());
    socket.end(rawProblem(refusal, headers()));
  };
  // Answered only on a connection with nothing under way: a request already answered gets no second response.
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    if (socket.writable && !connections.busy(socket) && error.code !== 'ECONNRESET') refuse(socket, REFUSALS[error.code ?? ''] ?? BAD_REQUEST);
    else socket.destroy();
  });
  // An expectation other than 100-continue: node:http would answer a bare 417; it is ignored, as nginx and the edge ignore it (RFC 9110 10.1.1 allows either).
  server.on('checkExpectation', (req: IncomingMessage, res: Res) => server.emit('request', req, res));
  // Without this listener node:http closes a CONNECT's connection without a word.
  server.on('connect', (_req: IncomingMessage, socket: Socket) => refuse(socket, CONNECT));

  const drain: GatewayServer['drain'] = ({ onStopped, onDrained }) => {
    if (draining) return;
    draining = true;
    setTimeout(() => {
      const timer = setTimeout(() => {
        server.closeAllConnections();
        onDrained(false);
      }, DRAIN.timeoutMs).unref();
      stopped = true;
      server.close(() => {
        clearTimeout(timer);
        onDrained(true);
      });
      onStopped(connections.openResponses);
    }, DRAIN.graceMs).unref();
  };
  return { server, drain };
}
