/**
 * The files of a dist as the gateway holds them: one column per field, as manifest.columns.json lays
 * them out, and a Map from key to row. Every cluster worker holds the whole table (75,826 files with
 * the full dist): as one object per file it took about 24 MB of each worker's heap, as columns it
 * takes about 9, and a full garbage collection has that many fewer objects to mark.
 * `get` makes the file's entry when asked; nothing keeps it.
 */
export interface DistFile {
  bytes: number;
  sha256: string;
  contentLanguage: string | null;
  encodings: { br?: number; gzip?: number };
}

/** The columns, in manifest order; `sha256` is the digests in hex, one after the other; null where a file has no such value. */
export interface FileColumns {
  keys: string[];
  bytes: number[];
  sha256: string;
  contentLanguage: (string | null)[];
  br: (number | null)[];
  gzip: (number | null)[];
}

const NONE = -1;

export class DistFiles implements Iterable<[string, DistFile]> {
  // Private to TypeScript only: as own properties they are what isDeepStrictEqual compares (verify-dist.ts).
  private readonly rows = new Map<string, number>();
  private readonly keyOf: string[];
  private readonly sizes: Float64Array;
  private readonly brSizes: Float64Array;
  private readonly gzipSizes: Float64Array;
  private readonly digests: Buffer;
  private readonly languages: (string | null)[] = [];
  private readonly languageOf: Uint32Array;

  /** Throws when a key comes twice. */
  constructor(columns: FileColumns) {
    const count = columns.keys.length;
    this.keyOf = columns.keys;
    this.sizes = new Float64Array(count);
    this.brSizes = new Float64Array(count);
    this.gzipSizes = new Float64Array(count);
    this.languageOf = new Uint32Array(count);
    const languageRows = new Map<string | null, number>();
    for (let row = 0; row < count; row++) {
      this.rows.set(columns.keys[row], row);
      this.sizes[row] = columns.bytes[row];
      this.brSizes[row] = columns.br[row] ?? NONE;
      this.gzipSizes[row] = columns.gzip[row] ?? NONE;
      const language = columns.contentLanguage[row];
      let index = languageRows.get(language);
      if (index === undefined) languageRows.set(language, (index = this.languages.push(language) - 1));
      this.languageOf[row] = index;
    }
    if (this.rows.size !== count) throw new Error('names a file twice');
    this.digests = Buffer.from(columns.sha256, 'hex');
  }

  get size(): number {
    return this.keyOf.length;
  }

  has(key: string): boolean {
    return this.rows.has(key);
  }

  get(key: string): DistFile | undefined {
    const row = this.rows.get(key);
    return row === undefined ? undefined : this.#entry(row);
  }

  keys(): IterableIterator<string> {
    return this.keyOf.values();
  }

  *[Symbol.iterator](): IterableIterator<[string, DistFile]> {
    for (let row = 0; row < this.keyOf.length; row++) yield [this.keyOf[row], this.#entry(row)];
  }

  #entry(row: number): DistFile {
    const encodings: DistFile['encodings'] = {};
    if (this.brSizes[row] !== NONE) encodings.br = this.brSizes[row];
    if (this.gzipSizes[row] !== NONE) encodings.gzip = this.gzipSizes[row];
    return {
      bytes: this.sizes[row],
      sha256: this.digests.toString('hex', row * 32, row * 32 + 32),
      contentLanguage: this.languages[this.languageOf[row]],
      encodings,
    };
  }
}
