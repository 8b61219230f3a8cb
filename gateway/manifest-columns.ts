/**
 * Reads dist/manifest.columns.json, which the build derives from manifest.json (build/dist/
 * manifest-columns.ts): the manifest without its files, the files as columns in manifest order, and
 * the request paths without a query. Loading it takes about a third of the time parsing the manifest
 * does, and builds a smaller heap. Every column is checked for its type and length; what it says
 * must be what the manifest says (dist.test.ts opens both ways; `npm run verify` compares them).
 */
import { DistFiles } from './dist-files.ts';

export const COLUMNS_FILE = 'manifest.columns.json';

export interface ManifestColumns {
  /** manifest.json without its files. */
  rest: any;
  files: DistFiles;
  paths: Map<string, string>;
  /** The manifest.json the columns were derived from. */
  manifestBytes: number;
  manifestSha256: string;
}

const HEX = /^[0-9a-f]*$/;
const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const isCountOrNull = (value: unknown) => value === null || isCount(value);
const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';

/** A column of `length` values each passing `valid`, or why not. */
function column(files: any, name: string, length: number, valid: (value: unknown) => boolean): unknown[] {
  const values = files[name];
  if (!Array.isArray(values) || values.length !== length) throw new Error(`files.${name} is not a column of ${length} values`);
  const bad = values.findIndex((value) => !valid(value));
  if (bad >= 0) throw new Error(`files.${name}[${bad}] is ${JSON.stringify(values[bad])}`);
  return values;
}

/** The columns parsed from `text`; throws an Error saying what is wrong with them. */
export function readColumns(text: string): ManifestColumns {
  const columns = JSON.parse(text);
  if (columns?.columns_version !== 1) throw new Error(`columns_version ${columns?.columns_version} is not 1`);
  if (!isCount(columns.manifest_bytes) || typeof columns.manifest_sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(columns.manifest_sha256)) {
    throw new Error('manifest_bytes or manifest_sha256 is missing');
  }
  if (typeof columns.manifest !== 'object' || columns.manifest === null) throw new Error('manifest is missing');
  const { files: raw, paths: rawPaths } = columns;
  const keys = column(raw ?? {}, 'key', raw?.key?.length ?? 0, (key) => typeof key === 'string') as string[];
  const count = keys.length;
  const bytes = column(raw, 'bytes', count, isCount) as number[];
  const languages = column(raw, 'content_language', count, isTextOrNull) as (string | null)[];
  const br = column(raw, 'br', count, isCountOrNull) as (number | null)[];
  const gzip = column(raw, 'gzip', count, isCountOrNull) as (number | null)[];
  const hashes = raw.sha256;
  if (typeof hashes !== 'string' || hashes.length !== count * 64 || !HEX.test(hashes)) throw new Error(`files.sha256 is not ${count} SHA-256 digests`);

  let files: DistFiles;
  try {
    files = new DistFiles({ keys, bytes, sha256: hashes, contentLanguage: languages, br, gzip });
  } catch (error) {
    throw new Error(`files.key ${(error as Error).message}`);
  }
  if (typeof rawPaths !== 'object' || rawPaths === null) throw new Error('paths are missing');
  const paths = new Map<string, string>();
  for (const [request, key] of Object.entries(rawPaths)) {
    if (typeof key !== 'string' || !files.has(key)) throw new Error(`paths[${JSON.stringify(request)}] names no file`);
    paths.set(request, key);
  }
  return { rest: columns.manifest, files, paths, manifestBytes: columns.manifest_bytes, manifestSha256: columns.manifest_sha256 };
}
