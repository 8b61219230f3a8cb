/**
 * Raw HTTP/1.1 for tests that must control every byte sent: requests written as they are, responses
 * read back as bytes, each one complete (by its Content-Length or its chunks, as workerd sends a body
 * it compresses; none for a HEAD or a 304) or cut where the server closed the connection.
 */
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Status line and headers, without the blank line. */
  head: string;
  body: Buffer;
  /** The whole response as received. */
  bytes: Buffer;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/** A chunked body starting at `start` (RFC 9112 section 7.1; no trailers): its bytes and where it ends, or undefined while incomplete. */
function chunked(bytes: Buffer, start: number): { body: Buffer; end: number } | undefined {
  const parts: Buffer[] = [];
  let offset = start;
  for (;;) {
    const lineEnd = bytes.indexOf(CRLF, offset);
    if (lineEnd < 0) return undefined;
    const size = parseInt(bytes.toString('latin1', offset, lineEnd).split(';')[0], 16);
    const dataStart = lineEnd + CRLF.length;
    if (size === 0) return bytes.length < dataStart + 2 ? undefined : { body: Buffer.concat(parts), end: dataStart + 2 };
    if (bytes.length < dataStart + size + 2) return undefined;
    parts.push(bytes.subarray(dataStart, dataStart + size));
    offset = dataStart + size + 2;
  }
}

/** The responses in `bytes` to requests made with `methods`, in order, and the bytes left over. */
export function splitResponses(bytes: Buffer, methods: string[]): { responses: RawResponse[]; rest: Buffer } {
  const responses: RawResponse[] = [];
  let offset = 0;
  for (const method of methods) {
    const end = bytes.indexOf(HEAD_END, offset);
    if (end < 0) break;
    const head = bytes.toString('latin1', offset, end);
    const status = Number(/^HTTP\/1\.[01] (\d{3}) /.exec(head)?.[1]);
    const bodyless = method === 'HEAD' || status === 304 || status === 204;
    const bodyStart = end + HEAD_END.length;
    if (!bodyless && /\r\ntransfer-encoding: *chunked/i.test(head)) {
      const read = chunked(bytes, bodyStart);
      if (!read) break;
      responses.push({ status, head, body: read.body, bytes: bytes.subarray(offset, read.end) });
      offset = read.end;
      continue;
    }
    const length = bodyless ? 0 : Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (bytes.length < bodyStart + length) break;
    responses.push({ status, head, body: bytes.subarray(bodyStart, bodyStart + length), bytes: bytes.subarray(offset, bodyStart + length) });
    offset = bodyStart + length;
  }
  return { responses, rest: bytes.subarray(offset) };
}

/**
 * Writes `request` on a fresh connection (all at once, or chunk by chunk when an array) and resolves
 * with the responses to `methods` once all have arrived or the server closed; the connection is
 * then closed.
 */
export function exchange(port: number, request: Buffer | string | (Buffer | string)[], methods: string[] = ['GET']): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const done = () => {
      socket.destroy();
      resolve(splitResponses(Buffer.concat(chunks), methods).responses);
    };
    const socket = connect(port, '127.0.0.1', () => {
      for (const part of Array.isArray(request) ? request : [request]) socket.write(part);
    });
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (splitResponses(Buffer.concat(chunks), methods).responses.length === methods.length) done();
    });
    socket.on('error', reject);
    socket.on('close', done);
  });
}

/** A response with its Date header's value blanked, for comparing answers made at different times. */
export const withoutDate = (bytes: Buffer): string => bytes.toString('latin1').replace(/\r\nDate: [^\r]*\r\n/, '\r\nDate: -\r\n');
