/**
 * Response bodies read from dist/, kept in memory in an LRU bounded by bytes. Only manifest keys are
 * read (callers check), each body is checked against the manifest's size, and concurrent misses for
 * the same file share one read.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Dist } from './dist.ts';
import { SizeBoundedLru } from './lru.ts';

export type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding | 'identity', string> = { br: '.br', gzip: '.gz', identity: '' };

export class Bodies {
  #cache: SizeBoundedLru<Buffer>;
  #reading = new Map<string, Promise<Buffer>>();

  constructor(private dist: Dist, budgetBytes: number) {
    this.#cache = new SizeBoundedLru(budgetBytes);
  }

  read(key: string, encoding: Encoding | 'identity'): Promise<Buffer> {
    const path = key + SUFFIX[encoding];
    const cached = this.#cache.get(path);
    if (cached) return Promise.resolve(cached);
    let reading = this.#reading.get(path);
    if (!reading) {
      reading = this.#load(key, encoding, path).finally(() => this.#reading.delete(path));
      this.#reading.set(path, reading);
    }
    return reading;
  }

  async #load(key: string, encoding: Encoding | 'identity', path: string): Promise<Buffer> {
    const file = this.dist.files.get(key);
    const expected = encoding === 'identity' ? file?.bytes : file?.encodings[encoding];
    if (expected === undefined) throw new Error(`${path} is not in the manifest`);
    const body = await readFile(join(this.dist.dir, path));
    if (body.length !== expected) throw new Error(`${path} has ${body.length} bytes, the manifest says ${expected}`);
    this.#cache.set(path, body, body.length);
    return body;
  }
}
