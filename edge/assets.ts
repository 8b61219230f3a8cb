/**
 * The edge's files, read through the platform's assets binding (contract/edge-upload.ts gives their
 * layout): the release and each shard of the file index read once per isolate; a file uploaded alone
 * read when it is sent; a bundle read whole on its first use, kept in the isolate's size-bounded cache
 * and sliced for each file in it. A read that fails is not kept, so the next request tries again.
 */
import { EDGE_RELEASE_FILE, shardFile, shardOf, type EdgeRelease, type EdgeShard } from '../contract/edge-upload.ts';
import type { SizeBoundedLru } from '../contract/lru.ts';
import { releaseInfo, type ReleaseInfo } from '../contract/release.ts';

/** The assets binding: a fetch of the uploaded files (Workers' `env.ASSETS`, or any store answering so). */
export interface AssetFetcher {
  fetch(request: Request): Promise<Response>;
}

/** A file the release has: its SHA-256 (the ETag) and size, and the bundle it is in, with its offset there. */
export interface EdgeFile {
  sha256: string;
  bytes: number;
  bundle?: string;
  offset?: number;
}

/** The host is never reached: the binding answers by path alone. */
const ORIGIN = 'https://assets.invalid/';

export class AssetReadError extends Error {}

export class EdgeAssets {
  readonly #assets: AssetFetcher;
  readonly #cache: SizeBoundedLru<unknown>;
  #release: Promise<ReleaseInfo> | undefined;
  readonly #shards = new Map<string, Promise<EdgeShard>>();
  /** Bundles being read: one read however many requests for their files arrive together. */
  readonly #reading = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

  constructor(assets: AssetFetcher, cache: SizeBoundedLru<unknown>) {
    this.#assets = assets;
    this.#cache = cache;
  }

  /** The response of the binding for `path`; throws AssetReadError unless it is a 200. */
  async read(path: string): Promise<Response> {
    const response = await this.#assets.fetch(new Request(ORIGIN + path));
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new AssetReadError(`${path}: the assets binding answered ${response.status}`);
    }
    return response;
  }

  #once<T>(kept: Promise<T> | undefined, keep: (promise: Promise<T> | undefined) => void, read: () => Promise<T>): Promise<T> {
    if (kept) return kept;
    const promise = read();
    keep(promise);
    promise.catch(() => keep(undefined));
    return promise;
  }

  release(): Promise<ReleaseInfo> {
    return this.#once(
      this.#release,
      (promise) => (this.#release = promise),
      async () => {
        const { head } = (await (await this.read(EDGE_RELEASE_FILE)).json()) as EdgeRelease;
        return releaseInfo(head);
      },
    );
  }

  /** The file at `key`, or undefined when the release has none there. */
  async file(key: string): Promise<EdgeFile | undefined> {
    const { shard, rest } = shardOf(key);
    const entries = await this.#once(
      this.#shards.get(shard),
      (promise) => (promise ? this.#shards.set(shard, promise) : this.#shards.delete(shard)),
      async () => (await (await this.read(shardFile(shard))).json()) as EdgeShard,
    );
    const entry = Object.hasOwn(entries.files, rest) ? entries.files[rest] : undefined;
    if (!entry) return undefined;
    const [sha256, bytes, bundle, offset] = entry;
    return bundle === undefined ? { sha256, bytes } : { sha256, bytes, bundle: entries.bundles[bundle], offset };
  }

  /** A bundle's bytes, from the cache or read once. */
  async #bundle(path: string): Promise<Uint8Array<ArrayBuffer>> {
    const kept = this.#cache.get(`bundle:${path}`) as Uint8Array<ArrayBuffer> | undefined;
    if (kept) return kept;
    let reading = this.#reading.get(path);
    if (!reading) {
      reading = this.read(path).then(async (response) => {
        const bytes = new Uint8Array(await response.arrayBuffer());
        this.#cache.set(`bundle:${path}`, bytes, bytes.length);
        return bytes;
      });
      this.#reading.set(path, reading);
      reading.finally(() => this.#reading.delete(path)).catch(() => {});
    }
    return reading;
  }

  async #slice(key: string, file: EdgeFile & { bundle: string }): Promise<Uint8Array<ArrayBuffer>> {
    const bundle = await this.#bundle(file.bundle);
    const end = file.offset! + file.bytes;
    if (end > bundle.length) throw new AssetReadError(`${file.bundle}: ${bundle.length} bytes, too few for ${key}`);
    return bundle.slice(file.offset!, end);
  }

  /** The bytes of `file` (at `key`): its slice of its bundle, or the file read alone. */
  async body(key: string, file: EdgeFile): Promise<BodyInit | null> {
    if (file.bundle === undefined) return (await this.read(key)).body;
    return this.#slice(key, file as EdgeFile & { bundle: string });
  }

  /** The bytes of a file, for the edge's own use (a country list to search). */
  async bytes(key: string): Promise<Uint8Array<ArrayBuffer>> {
    const file = await this.file(key);
    if (file?.bundle !== undefined) return this.#slice(key, file as EdgeFile & { bundle: string });
    return new Uint8Array(await (await this.read(key)).arrayBuffer());
  }

  /** The text of a file, for the edge's own use (the search index). */
  async text(key: string): Promise<string> {
    return new TextDecoder().decode(await this.bytes(key));
  }
}
