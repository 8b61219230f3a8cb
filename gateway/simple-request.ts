/**
 * The requests the fast path (fast-path.ts) may answer: a GET or HEAD of an origin-form target in
 * HTTP/1.1, its head at most 8 KiB of printable ASCII, each header line `name: value`, with exactly
 * one Host, at most one Authorization, If-None-Match, Accept-Encoding and Origin, and none of the
 * headers that change how HTTP reads the request or keeps the connection (Content-Length,
 * Transfer-Encoding, Upgrade, Expect, TE, a Connection other than keep-alive). Other headers change
 * no answer, there or in node:http, and are ignored.
 */

/** A simple request, as parsed; the same object again for the same bytes again on a connection. */
export interface SimpleRequest {
  readonly method: 'GET' | 'HEAD';
  /** The request target as received, as node:http's req.url. */
  readonly url: string;
  readonly authorization: string | undefined;
  readonly ifNoneMatch: string | undefined;
  readonly acceptEncoding: string | undefined;
  readonly origin: string | undefined;
}

/** The longest head (request line and headers, without the final CRLF CRLF) taken as simple. */
export const MAX_HEAD = 8192;
const SIMPLE = /^(GET|HEAD) (\/[\x21-\x7e]*) HTTP\/1\.1((?:\r\n[!#$%&'*+\-.^_`|~0-9A-Za-z]+:[\t\x20-\x7e]*)*)$/;

/** The request in `head` (without its final CRLF CRLF) when it is simple, else undefined. */
export function parseSimple(head: string): SimpleRequest | undefined {
  const match = SIMPLE.exec(head);
  if (!match) return undefined;
  const request: { -readonly [K in keyof SimpleRequest]: SimpleRequest[K] } = {
    method: match[1] as SimpleRequest['method'], url: match[2],
    authorization: undefined, ifNoneMatch: undefined, acceptEncoding: undefined, origin: undefined,
  };
  const lines = match[3];
  let hosts = 0;
  for (let start = 2; start < lines.length;) {
    let end = lines.indexOf('\r\n', start);
    if (end < 0) end = lines.length;
    const colon = lines.indexOf(':', start);
    const value = lines.slice(colon + 1, end).trim();
    switch (lines.slice(start, colon).toLowerCase()) {
      case 'host': hosts++; break;
      case 'authorization': if (request.authorization !== undefined) return undefined; request.authorization = value; break;
      case 'if-none-match': if (request.ifNoneMatch !== undefined) return undefined; request.ifNoneMatch = value; break;
      case 'accept-encoding': if (request.acceptEncoding !== undefined) return undefined; request.acceptEncoding = value; break;
      case 'origin': if (request.origin !== undefined) return undefined; request.origin = value; break;
      case 'connection': if (value.toLowerCase() !== 'keep-alive') return undefined; break;
      case 'content-length': case 'transfer-encoding': case 'upgrade': case 'expect': case 'te': case 'proxy-connection':
        return undefined;
    }
    start = end + 2;
  }
  return hosts === 1 ? request : undefined;
}
