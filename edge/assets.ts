/**
 * The edge's files, read through the platform's assets binding (contract/edge-upload.ts gives their
 * layout): the release and each shard of the file index read once per isolate, a file's bytes read
 * when it is sent. A read that fails is not kept, so the next request tries again.
 */
import { EDGE_RELEASE_FILE, shardFile, shardOf, type EdgeRelease, type EdgeShard } from '../contract/edge-upload.ts';
import { releaseInfo, type ReleaseInfo } from '../contract/release.ts';

/** The assets binding: a fetch of the uploaded files (Workers' `env.ASSETS`, or any store answering so). */
export interface AssetFetcher {
  fetch(request: Request): Promise<Response>;
}

/** A file the release has: its SHA-256 (the ETag) and size. */
export interface EdgeFile { sha256: string; bytes: number }

/** The host is never reached: the binding answers by path alone. */
const ORIGIN = 'https://assets.invalid/';

export class AssetReadError extends Error {}

export class EdgeAssets {
  readonly #assets: AssetFetcher;
  #release: Promise<ReleaseInfo> | undefined;
  readonly #shards = new Map<string, Promise<EdgeShard>>();

  constructor(assets: AssetFetcher) {
    this.#assets = assets;
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
    return this.#once(this.#release, (promise) => (this.#release = promise), async () => {
      const { head } = (await (await this.read(EDGE_RELEASE_FILE)).json()) as EdgeRelease;
      return releaseInfo(head);
    });
  }

  /** The file at `key`, or undefined when the release has none there. */
  async file(key: string): Promise<EdgeFile | undefined> {
    const { shard, rest } = shardOf(key);
    const entries = await this.#once(this.#shards.get(shard), (promise) => (promise ? this.#shards.set(shard, promise) : this.#shards.delete(shard)),
      async () => (await (await this.read(shardFile(shard))).json()) as EdgeShard);
    const entry = Object.hasOwn(entries, rest) ? entries[rest] : undefined;
    return entry && { sha256: entry[0], bytes: entry[1] };
  }

  /** The text of a file, for the edge's own use (the search index, a country list). */
  async text(key: string): Promise<string> {
    return (await this.read(key)).text();
  }
}
