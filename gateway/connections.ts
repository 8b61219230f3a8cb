/**
 * What the gateway keeps of each connection, so that no client can hold memory, a worker's attention
 * or a request unanswered or unlogged:
 *
 *   answers one at a time  a request pipelined behind an answer not yet handed to the kernel waits,
 *                          unanswered, until node:http gives its response the connection: while a
 *                          client does not read, no further answer is made
 *   requests queued        at most `maxWaiting` wait on a connection, and one behind a refused key.
 *                          node:http parses a whole read (64 KiB: 1,500 small requests) at once,
 *                          making each one's request and response, and neither socket.pause() nor
 *                          its parser's pause() stops a read under way; so once the queue is full
 *                          the socket stops reading, the rest of the read is not parsed (its
 *                          parser is told, as for an upgrade, to stop there) and the last queued
 *                          answer closes the connection: a pipelining client retries what was not
 *                          answered (RFC 9112 section 9.3.2)
 *   each response once     told `done` when it finishes or closes; a connection that closes with
 *                          responses not done is told once, `dropped`, with the first and the count
 *   stalled readers        a connection whose answer has not moved for `sendMs` is closed; node's
 *                          socket timeout would let a pending write skip its first expiry
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Res } from './send.ts';

interface Connection {
  /** Responses not yet finished or closed, in the order their requests came (each has the socket in turn), and when each came. */
  open: Res[];
  started: number[];
  /** Requests whose response waits for the connection, in order. */
  waiting: { res: Res; answer: () => void }[];
  /** The last request node:http gave us on it (a body may still be arriving). */
  lastRequest?: IncomingMessage;
  /** Whether its queue filled: nothing more is read on it, and it closes once the queue is answered. */
  full: boolean;
  /** A response refusing the client's credentials, not yet done: whatever it pipelined behind it is not read. */
  refusing?: Res;
  /** Bytes handed to the kernel when last seen moving, and when. */
  flushed: number;
  movedAt: number;
}

export interface ConnectionOptions {
  sendMs: number;
  /** Requests that may wait behind the answer being sent; past that the connection is read no more. */
  maxWaiting: number;
  /** Told of each request once its response is done, with the milliseconds it took. */
  done: (req: IncomingMessage, res: Res, ms: number) => void;
  /** Told once of a connection that closed with `count` responses not done: the first of them, and how long it had been open. */
  dropped: (req: IncomingMessage, res: Res, ms: number, count: number) => void;
}

/** The libuv handle under a net.Socket, whose reads node:http's parser takes directly, and that parser. */
type Internals = Socket & {
  _handle?: { readStop?: () => number } | null;
  parser?: { onIncoming?: ((req: IncomingMessage, keepAlive: boolean) => number) | null } | null;
};
/** What node:http's parser callback returns for an upgrade: no body, and stop parsing this read. */
const STOP_PARSING = 2;

/** Every connection's state, by socket, for requestsWaiting (the app sees the request, not this class). */
const bySocket = new WeakMap<Socket, Connection>();

/** How many requests wait on `socket` behind the one being answered: a client pipelining. */
export const requestsWaiting = (socket: Socket): number => bySocket.get(socket)?.waiting.length ?? 0;

/**
 * Marks `res` as refusing its client's credentials: a request pipelined behind it fills the connection's
 * queue at once (one answer more, then closed), so a client flooding without a key costs two requests
 * a read, not a queue's worth.
 */
export const refusing = (req: IncomingMessage, res: Res): void => {
  const connection = bySocket.get(req.socket);
  if (connection) connection.refusing = res;
};

export class Connections {
  #connections = new Map<Socket, Connection>();
  #options: ConnectionOptions;
  #sweep: NodeJS.Timeout;
  /** One listener for every response's close (none made per request): accounts for it, once. */
  #closed: (this: Res) => void;

  constructor(server: Server, options: ConnectionOptions) {
    this.#options = options;
    const self = this;
    this.#closed = function (this: Res) {
      self.#account(self.#connections.get(this.req.socket), this);
    };
    server.on('connection', (socket: Socket) => {
      const connection: Connection = { open: [], started: [], waiting: [], full: false, flushed: 0, movedAt: performance.now() };
      this.#connections.set(socket, connection);
      bySocket.set(socket, connection);
      // node:http's own listener has given the socket its parser: requests past a full queue are not parsed.
      const parser = (socket as Internals).parser;
      const onIncoming = parser?.onIncoming;
      if (parser && onIncoming) parser.onIncoming = (req, keepAlive) => (connection.full ? STOP_PARSING : onIncoming(req, keepAlive));
      socket.once('close', () => {
        const connection = this.#connections.get(socket)!;
        this.#connections.delete(socket);
        // An answer out whole whose own close has not come yet is done, not dropped.
        for (const res of [...connection.open]) if (res.writableFinished) this.#account(connection, res);
        const [first] = connection.open;
        if (!first) return;
        this.#options.dropped(first.req, first, performance.now() - connection.started[0], connection.open.length);
        connection.open = [];
        connection.started = [];
      });
    });
    this.#sweep = setInterval(() => this.#closeStalled(), Math.max(10, Math.min(1000, options.sendMs / 4))).unref();
    server.on('close', () => clearInterval(this.#sweep));
  }

  /** Responses not yet done, on every connection. */
  get openResponses(): number {
    let count = 0;
    for (const connection of this.#connections.values()) count += connection.open.length;
    return count;
  }

  /** Whether the connection has a response under way, or a request whose body is still coming after its answer. */
  busy(socket: Socket): boolean {
    const connection = this.#connections.get(socket);
    return connection !== undefined && (connection.open.length > 0 || connection.lastRequest?.complete === false);
  }

  /** Answers `req` with `answer` as soon as its response has the connection; accounts for it once, whatever happens. */
  request(req: IncomingMessage, res: Res, answer: () => void): void {
    const connection = this.#connections.get(req.socket);
    if (!connection) return answer();
    connection.lastRequest = req;
    connection.open.push(res);
    connection.started.push(performance.now());
    res.on('close', this.#closed);
    if (res.socket) return answer();
    connection.waiting.push({ res, answer });
    if (connection.waiting.length === 1) this.#answerAfterCurrent(connection);
    if ((connection.waiting.length >= this.#options.maxWaiting || connection.refusing) && !connection.full) {
      connection.full = true;
      (req.socket as Internals)._handle?.readStop?.();
    }
  }

  /**
   * Answers the waiting requests, in order, once the response holding the connection finishes: node:http
   * then gives the next one the socket (its own 'finish' listener runs before this one).
   */
  #answerAfterCurrent(connection: Connection): void {
    const current = connection.open.find((res) => res.socket);
    current?.once('finish', () => {
      while (connection.waiting.length > 0 && connection.waiting[0].res.socket) {
        const next = connection.waiting.shift()!;
        // The last answer of a full queue closes the connection (node:http then sends Connection: close).
        if (connection.full && connection.waiting.length === 0) next.res.shouldKeepAlive = false;
        next.answer();
      }
      if (connection.waiting.length > 0) this.#answerAfterCurrent(connection);
    });
  }

  /** Tells `done` of a response not yet told of, when it closes. */
  #account(connection: Connection | undefined, res: Res): void {
    // Responses finish in order, so the one done is almost always the first; a connection closing takes the rest in turn.
    const at = connection === undefined ? -1 : connection.open[0] === res ? 0 : connection.open.indexOf(res);
    if (at < 0) return;
    const started = connection!.started[at];
    connection!.open.splice(at, 1);
    connection!.started.splice(at, 1);
    if (connection!.refusing === res) connection!.refusing = undefined;
    this.#options.done(res.req, res, performance.now() - started);
  }

  #closeStalled(): void {
    const now = performance.now();
    for (const [socket, connection] of this.#connections) {
      const flushed = socket.bytesWritten - socket.writableLength;
      if (socket.writableLength === 0 || flushed !== connection.flushed) {
        connection.flushed = flushed;
        connection.movedAt = now;
      } else if (now - connection.movedAt >= this.#options.sendMs) {
        socket.destroy();
      }
    }
  }
}
