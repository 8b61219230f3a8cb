/**
 * What the gateway keeps of each connection, so that no client can hold memory, a worker's attention
 * or a request unanswered or unlogged:
 *
 *   answers one at a time  a request pipelined behind an answer not yet handed to the kernel waits,
 *                          unanswered, until node:http gives its response the connection: while a
 *                          client does not read, no further answer is made (and node:http stops
 *                          reading once the one being sent fills the socket's buffer)
 *   each response once     told `done` when it finishes or closes, or when its connection closes
 *                          first (a response still waiting emits nothing of its own then)
 *   stalled readers        a connection whose answer has not moved for `sendMs` is closed; node's
 *                          socket timeout would let a pending write skip its first expiry
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Res } from './send.ts';

interface Connection {
  /** Responses not yet finished or closed, each with its request and when it came. */
  open: Map<Res, { req: IncomingMessage; started: number }>;
  /** Requests whose response waits for the connection, in order. */
  waiting: { res: Res; answer: () => void }[];
  /** The last request node:http gave us on it (a body may still be arriving). */
  lastRequest?: IncomingMessage;
  /** Bytes handed to the kernel when last seen moving, and when. */
  flushed: number;
  movedAt: number;
}

export interface ConnectionOptions {
  sendMs: number;
  /** Told of each request once its response is done, or its connection closed before, with the milliseconds it took. */
  done: (req: IncomingMessage, res: Res, ms: number) => void;
}

export class Connections {
  #connections = new Map<Socket, Connection>();
  #options: ConnectionOptions;
  #sweep: NodeJS.Timeout;
  /** One listener for every response's close (none made per request): accounts for it, once. */
  #closed: (this: Res) => void;

  constructor(server: Server, options: ConnectionOptions) {
    this.#options = options;
    const self = this;
    this.#closed = function (this: Res) { self.#account(self.#connections.get(this.req.socket), this); };
    server.on('connection', (socket: Socket) => {
      this.#connections.set(socket, { open: new Map(), waiting: [], flushed: 0, movedAt: performance.now() });
      socket.once('close', () => {
        const connection = this.#connections.get(socket)!;
        this.#connections.delete(socket);
        for (const res of [...connection.open.keys()]) this.#account(connection, res);
      });
    });
    this.#sweep = setInterval(() => this.#closeStalled(), Math.max(10, Math.min(1000, options.sendMs / 4))).unref();
    server.on('close', () => clearInterval(this.#sweep));
  }

  /** Responses not yet done, on every connection. */
  get openResponses(): number {
    let count = 0;
    for (const connection of this.#connections.values()) count += connection.open.size;
    return count;
  }

  /** Whether the connection has a response under way, or a request whose body is still coming after its answer. */
  busy(socket: Socket): boolean {
    const connection = this.#connections.get(socket);
    return connection !== undefined && (connection.open.size > 0 || connection.lastRequest?.complete === false);
  }

  /** Answers `req` with `answer` as soon as its response has the connection; accounts for it once, whatever happens. */
  request(req: IncomingMessage, res: Res, answer: () => void): void {
    const connection = this.#connections.get(req.socket);
    if (!connection) return answer();
    connection.lastRequest = req;
    connection.open.set(res, { req, started: performance.now() });
    res.on('close', this.#closed);
    if (res.socket) return answer();
    connection.waiting.push({ res, answer });
    if (connection.waiting.length === 1) this.#answerAfterCurrent(connection);
  }

  /**
   * Answers the waiting requests, in order, once the response holding the connection finishes: node:http
   * then gives the next one the socket (its own 'finish' listener runs before this one).
   */
  #answerAfterCurrent(connection: Connection): void {
    const current = [...connection.open.keys()].find((res) => res.socket);
    current?.once('finish', () => {
      while (connection.waiting.length > 0 && connection.waiting[0].res.socket) connection.waiting.shift()!.answer();
      if (connection.waiting.length > 0) this.#answerAfterCurrent(connection);
    });
  }

  /** Tells `done` of a response not yet told of (its close, or its connection's). */
  #account(connection: Connection | undefined, res: Res): void {
    const open = connection?.open.get(res);
    if (!open) return;
    connection!.open.delete(res);
    this.#options.done(open.req, res, performance.now() - open.started);
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
