/**
 * Response bodies read from dist/, kept in memory in an LRU bounded by bytes. Only manifest keys are
 * read (callers check), each body is checked against the manifest (size; SHA-256 too for a file as
 * built, whose hash is its ETag) before it is kept or sent, and concurrent misses for the same file
 * share one read. A kept body also keeps the response headers made for it (send.ts).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Released } from './collector.ts';
import type { CorsHeaders, Pairs } from './cors.ts';
import type { Dist } from './dist.ts';
import { SizeBoundedLru } from './lru.ts';

export type Encoding = 'br' | 'gzip';
export type Coding = Encoding | 'identity';
const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz', identity: '' };

/**
 * A file of the manifest that is not on disk as the manifest says: gone (a newer build deleted the
 * tree this dist was opened from), of another size or other bytes. A newer dist may answer the
 * request instead; a damaged one is never sent.
 */
export class UnreadableFile extends Error {}

/** readFile, with a file that is missing (or whose directory is) reported as UnreadableFile. */
export async function readDistFile(dir: string, path: string): Promise<Buffer> {
  try {
    return await readFile(join(dir, path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new UnreadableFile(`${path} is gone (${code})`);
    throw error;
  }
}

export interface Body {
  bytes: Buffer;
  /** The headers of a 200 with this body, without CORS; and with the CORS headers that are the same for every request. */
  head?: Pairs;
  corsHead?: Pairs;
  corsFor?: CorsHeaders;
}

export class Bodies {
  #cache: SizeBoundedLru<Body>;
  #reading = new Map<string, Promise<Body>>();

  /** `released` is told the bytes of each body the cache lets go of (collector.ts). */
  constructor(private dist: Dist, { budgetBytes, released }: { budgetBytes: number; released?: Released }) {
    this.#cache = new SizeBoundedLru(budgetBytes, { released });
  }

  /** The body when it is in memory now. */
  cached(key: string, coding: Coding): Body | undefined {
    return this.#cache.get(coding === 'identity' ? key : key + SUFFIX[coding]);
  }

  read(key: string, coding: Coding): Promise<Body> {
    const path = key + SUFFIX[coding];
    const cached = this.#cache.get(path);
    if (cached) return Promise.resolve(cached);
    let reading = this.#reading.get(path);
    if (!reading) {
      reading = this.#load(key, coding, path).finally(() => this.#reading.delete(path));
      this.#reading.set(path, reading);
    }
    return reading;
  }

  async #load(key: string, coding: Coding, path: string): Promise<Body> {
    const file = this.dist.files.get(key);
    const expected = coding === 'identity' ? file?.bytes : file?.encodings[coding];
    if (expected === undefined) throw new Error(`${path} is not in the manifest`);
    const bytes = await readDistFile(this.dist.dir, path);
    if (bytes.length !== expected) throw new UnreadableFile(`${path} has ${bytes.length} bytes, the manifest says ${expected}`);
    if (coding === 'identity' && createHash('sha256').update(bytes).digest('hex') !== file!.sha256) {
      throw new UnreadableFile(`${path} has other bytes than the manifest's SHA-256`);
    }
    const body: Body = { bytes };
    this.#cache.set(path, body, bytes.length);
    return body;
  }
}
