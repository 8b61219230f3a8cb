/**
 * The fast path: the common request answered from memory on the socket itself, before node:http
 * sees it. node:http's machinery (parser, IncomingMessage, ServerResponse, header checks) costs more
 * per request than the rest of the gateway; writing a response made once costs almost nothing.
 *
 * Each new connection starts here. A request is answered here only when it is complete in the bytes
 * read, simple (below), and the app has its answer in memory (fast-answers.ts). At the first request
 * that is not, the connection is handed to node:http for good, with every byte not yet answered, as
 * if it had just been accepted: node:http and Polka then answer that request and all that follow,
 * exactly as they would without this file. What a simple request is: simple-request.ts.
 *
 * An answer is the bytes node:http would write for it: the app's status line and headers, then
 * Date, Connection and Keep-Alive as node:http adds them (test/gateway-fast-path.test.ts compares).
 * Timeouts are the server's: a connection that sends nothing within headersTimeout gets node's 408,
 * one idle past keepAliveTimeout after an answer is closed, one whose answers wait unread for
 * requestTimeout is closed; a partial request is handed over, and node:http times it. One timer
 * checks them for every connection (deadlines.ts): each expires up to a tick late (a quarter of the
 * shortest timeout, at most 1 s).
 */
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Pairs } from './cors.ts';
import { deadlines, tickFor } from './deadlines.ts';
import { MAX_HEAD, parseSimple, type SimpleRequest } from './simple-request.ts';

/** A response as node:http would write it: `head` is its status line and headers up to, not including, Date. */
export interface Answer {
  head: string;
  body: Buffer | undefined;
  /** head + Date, Connection, Keep-Alive (+ body when small), as written in the second `wireDate`. */
  wire?: Buffer;
  wireDate?: string;
}

/** The answer to a simple request on `connection`, or undefined for node:http to answer it. */
export type Answerer = (request: SimpleRequest, connection: Socket) => Answer | undefined;

export interface FastPathOptions {
  answer: Answerer;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  requestTimeoutMs: number;
}

export interface FastPath {
  /** From now on every request goes to node:http (which answers it with Connection: close while draining). */
  drain: () => void;
  /** Closes the connections held here that are waiting for a request. */
  closeIdleConnections: () => void;
  closeAllConnections: () => void;
}

const HEAD_END = '\r\n\r\n';
/**
 * Bodies below this size go out in one buffer with their head (joined once a second, see wireOf):
 * one write of a 25 KB list answers about 5% faster than a writev of head and body. Only bodies held in
 * memory (the body cache, kept search results) are answered here, so a second's joined copies are at most their size.
 */
const JOIN_BELOW = 64 * 1024;

/** The status line and headers as node:http writes them for res.writeHead(status, pairs). */
export function rawHead(status: number, pairs: Pairs): string {
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n`;
  for (let i = 0; i < pairs.length; i += 2) head += `${pairs[i]}: ${pairs[i + 1]}\r\n`;
  return head;
}

// As node:http's own Date: made once a second.
let date: string | undefined;
function httpDate(): string {
  if (date === undefined) {
    const now = new Date();
    date = now.toUTCString();
    setTimeout(() => { date = undefined; }, 1000 - now.getMilliseconds()).unref();
  }
  return date;
}

/** The answers given a wire in the second `wiredAt`: only those keep one, so memory holds a second's worth. */
let wired: Answer[] = [];
let wiredAt: string | undefined;

/** The bytes of `answer` as written now (the body too when small). */
function wireOf(answer: Answer, tail: string): Buffer {
  const now = httpDate();
  if (answer.wireDate !== now) {
    if (wiredAt !== now) {
      for (const stale of wired) stale.wire = stale.wireDate = undefined;
      wired = [];
      wiredAt = now;
    }
    const head = Buffer.from(`${answer.head}Date: ${now}\r\n${tail}`, 'latin1');
    answer.wire = answer.body && answer.body.length < JOIN_BELOW ? Buffer.concat([head, answer.body]) : head;
    answer.wireDate = now;
    wired.push(answer);
  }
  return answer.wire!;
}

/** Takes the server's connections first; node:http's own listener gets those handed over. */
export function fastPath(server: Server, options: FastPathOptions): FastPath {
  const { answer, headersTimeoutMs, keepAliveTimeoutMs, requestTimeoutMs } = options;
  const [nodeListener, ...others] = server.listeners('connection') as ((socket: Socket) => void)[];
  if (!nodeListener || others.length > 0) throw new Error('fastPath: the server must have node:http\'s connection listener alone');
  if (server.maxRequestsPerSocket) throw new Error('fastPath: maxRequestsPerSocket is not supported');
  server.removeListener('connection', nodeListener);
  // What node:http adds after the app's headers on a kept-alive connection.
  const tail = `Connection: keep-alive\r\n${keepAliveTimeoutMs >= 1000 ? `Keep-Alive: timeout=${Math.floor(keepAliveTimeoutMs / 1000)}\r\n` : ''}\r\n`;
  const held = new Set<Socket>();
  const deadline = deadlines({ tickMs: tickFor(headersTimeoutMs, keepAliveTimeoutMs, requestTimeoutMs) });
  let draining = false;

  const write = (socket: Socket, answer: Answer) => {
    const wire = wireOf(answer, tail);
    if (answer.body && answer.body.length >= JOIN_BELOW) {
      socket.cork();
      socket.write(wire);
      socket.write(answer.body);
      socket.uncork();
    } else {
      socket.write(wire);
    }
  };

  function hold(socket: Socket): void {
    socket.setNoDelay(true);
    held.add(socket);
    /** Bytes read and not answered: only while the socket waits for its writes to drain. */
    let pending: Buffer | undefined;
    let answered = false;
    // Clients send the same request again and again on a connection: its head is parsed once.
    let lastHead: Buffer | undefined;
    let lastRequest: SimpleRequest | undefined;
    const simpleRequest = (bytes: Buffer, start: number, end: number): SimpleRequest | undefined => {
      if (lastHead?.length === end - start && bytes.compare(lastHead, 0, lastHead.length, start, end) === 0) return lastRequest;
      const request = end - start <= MAX_HEAD ? parseSimple(bytes.toString('latin1', start, end)) : undefined;
      if (request) {
        lastHead = Buffer.from(bytes.subarray(start, end));
        lastRequest = request;
      }
      return request;
    };
    const release = () => {
      socket.off('data', onData).off('drain', onDrain).off('end', onEnd).off('error', onError);
      expiry.remove();
      held.delete(socket);
    };
    const handOver = (unanswered: Buffer) => {
      release();
      if (unanswered.length > 0) socket.unshift(unanswered);
      // node:http reads a socket read before it (as here) through 'data' events rather than natively.
      const handle = (socket as Socket & { _handle?: { _consumed?: boolean } })._handle;
      if (handle) handle._consumed = true;
      nodeListener.call(server, socket);
    };

    // The request path never throws: whatever goes wrong here, node:http and the app answer instead.
    const answerTo = (request: SimpleRequest | undefined): Answer | undefined => {
      try {
        return request && answer(request, socket);
      } catch {
        return undefined;
      }
    };

    const serve = (bytes: Buffer) => {
      let offset = 0;
      while (offset < bytes.length) {
        if (socket.writableNeedDrain) {
          pending = bytes.subarray(offset);
          socket.pause();
          return expiry.after(requestTimeoutMs);
        }
        const end = bytes.indexOf(HEAD_END, offset, 'latin1');
        const found = !draining && end >= 0 ? answerTo(simpleRequest(bytes, offset, end)) : undefined;
        if (!found) return handOver(bytes.subarray(offset));
        write(socket, found);
        answered = true;
        offset = end + HEAD_END.length;
      }
      pending = undefined;
      expiry.after(answered ? keepAliveTimeoutMs : headersTimeoutMs);
    };

    const onData = (chunk: Buffer) => serve(chunk);
    const onDrain = () => {
      if (!pending) return;
      socket.resume();
      serve(pending);
    };
    // node:http does not keep a half-closed connection open: it ends it once its answers are written.
    const onEnd = () => socket.end();
    const onExpired = () => {
      if (answered || pending) return void socket.destroy();
      // As node:http, which answers a connection that sent nothing in time through 'clientError'.
      release();
      if (server.listenerCount('clientError') === 0) return void socket.destroy();
      server.emit('clientError', Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
    };
    const onError = () => socket.destroy();
    const expiry = deadline(onExpired);
    socket.on('data', onData).on('drain', onDrain).on('end', onEnd).on('error', onError);
    socket.once('close', () => {
      expiry.remove();
      held.delete(socket);
    });
    expiry.after(headersTimeoutMs);
  }

  server.on('connection', hold);
  return {
    drain: () => { draining = true; },
    closeIdleConnections: () => {
      for (const socket of held) if (socket.writableLength === 0) socket.destroy();
    },
    closeAllConnections: () => {
      for (const socket of held) socket.destroy();
    },
  };
}
