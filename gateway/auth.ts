/**
 * API keys and bearer authentication (RFC 6750). Keys are held only as SHA-256 digests (launch/keys.ts): plain keys
 * from API_KEYS are hashed on load, and a keys file lists digests (so it holds no secret). A presented
 * key is hashed and compared with every digest in constant time, so neither timing nor length leaks.
 * Three distinct refusals (contract/problems.ts): no credentials (401), a malformed header (400),
 * an unknown key (401), each with WWW-Authenticate.
 */
import { timingSafeEqual } from 'node:crypto';
import { statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { presentedKey } from '../contract/credentials.ts';
import type { Refusal } from '../contract/problems.ts';
import { type ApiKey, digestOf, readKeysFile } from '../launch/keys.ts';

/** The configured key matching `presented`, checking every key so the time taken does not depend on which matched. */
export function findKey(keys: readonly ApiKey[], presented: string): ApiKey | undefined {
  const digest = digestOf(presented);
  let found: ApiKey | undefined;
  for (const key of keys) if (timingSafeEqual(key.digest, digest) && !found) found = key;
  return found;
}

/** The keys in force: API_KEYS (fixed for the process) and the keys file, which `reload` reads again. */
export class Keys {
  #listed: readonly ApiKey[];
  #file: string | undefined;
  #all: readonly ApiKey[];
  #fileIdentity = '';
  #generation = 0;

  /** Throws when the keys file is wrong, or when no key is configured at all (a keys file listing none is one: it may list some later). */
  constructor(listed: readonly ApiKey[], file?: string) {
    this.#listed = listed;
    this.#file = file;
    this.#fileIdentity = this.#identity();
    this.#all = [...listed, ...this.#readFile()];
    if (this.#all.length === 0 && !file) throw new Error('no API key is configured');
  }

  /** How many keys are in force. */
  get size(): number {
    return this.#all.length;
  }

  find(presented: string): ApiKey | undefined {
    return findKey(this.#all, presented);
  }

  /** Changes whenever the keys in force do: a verdict reached under another generation no longer holds. */
  get generation(): number {
    return this.#generation;
  }

  /**
   * Reads the keys file again when it changed since it was read (or whatever it is, when forced): a
   * line for the log saying what happened, or undefined when nothing did. A file listing no key
   * revokes them all; one that cannot be read or parsed (mid-write, removed) leaves the keys as they were.
   */
  reload(force = false): string | undefined {
    const identity = this.#identity();
    if (!this.#file || (!force && identity === this.#fileIdentity)) return undefined;
    this.#fileIdentity = identity;
    try {
      const before = this.#all.length;
      this.#all = [...this.#listed, ...this.#readFile()];
      this.#generation++;
      return `keys: ${this.#all.length} in force (was ${before}), read from ${this.#file}`;
    } catch (error) {
      return `keys: kept the ${this.#all.length} in force: ${(error as Error).message}`;
    }
  }

  #identity(): string {
    if (!this.#file) return '';
    try {
      const stats = statSync(this.#file);
      return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
    } catch {
      return 'missing';
    }
  }

  #readFile(): ApiKey[] {
    return this.#file ? readKeysFile(this.#file) : [];
  }
}

export type AuthenticatedRequest = IncomingMessage & { apiKey?: ApiKey };

/** The configured key an Authorization header presents, or why it is refused. */
function verdict(keys: Keys, header: string): Verdict {
  const presented = presentedKey(header);
  if (presented === 'missing' || presented === 'malformed') return presented;
  return keys.find(presented) ?? 'unknown';
}

type Verdict = ApiKey | Refusal;

/** How long a header may be for its verdict to be kept: a Bearer header with a key is far shorter. */
const KEPT_HEADER_BYTES = 256;

/** The last Authorization header seen on a connection, the verdict on it, and the generation of keys that gave it. */
interface LastSeen {
  header: string;
  verdict: Verdict;
  generation: number;
}

/**
 * Whether `presented` is `last`, in a time that depends on the length of `presented` alone (no early
 * exit): timing tells a client the length of its own header and nothing of the last one.
 */
export function sameHeader(presented: string, last: string): boolean {
  let difference = presented.length ^ last.length;
  // Past the end of `last`, charCodeAt gives NaN, which `^` reads as 0: a header holds no NUL, so the difference stays.
  for (let i = 0; i < presented.length; i++) difference |= presented.charCodeAt(i) ^ last.charCodeAt(i);
  return difference === 0;
}

/** A second Authorization header makes the request malformed (node:http keeps only the first in `headers`). */
function repeated(req: IncomingMessage): boolean {
  let seen = 0;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 13 && raw[i].toLowerCase() === 'authorization' && ++seen > 1) return true;
  return false;
}

/**
 * The verdict on a request's key: the configured key it presents, or why it is refused. A kept-alive
 * client sends the same header with every request: the verdict on the last one seen on a connection,
 * accepted or refused, is kept until the keys change, so a key is hashed once per connection, not per
 * request (the figure is in bench/README.md). A proxy may send several clients' requests on one
 * connection, so a header is compared with the last one in constant time too (sameHeader).
 */
export function bearerVerdict(keys: Keys): (req: IncomingMessage) => Verdict {
  const lastSeen = new WeakMap<Socket, LastSeen>();
  return (req) => {
    const header = req.headers.authorization ?? '';
    if (header !== '' && repeated(req)) return 'malformed';
    if (header.length > KEPT_HEADER_BYTES) return verdict(keys, header);
    const last = lastSeen.get(req.socket);
    if (last !== undefined && last.generation === keys.generation && sameHeader(header, last.header)) return last.verdict;
    const found = verdict(keys, header);
    lastSeen.set(req.socket, { header, verdict: found, generation: keys.generation });
    return found;
  };
}
