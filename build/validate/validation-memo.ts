/**
 * Reuses what one validation of data/ found in the next, for a caller that validates many copies of data/
 * each a dataset or two apart (the data gate's test). A cross-dataset check is a function of the datasets it
 * reads, so where every dataset it read before has the same bytes, its problems are the same; which datasets
 * a check reads is watched on the datasets object as it runs, never listed by hand, so a check changed to read
 * another is not served a stale answer. It relies on the checks changing no dataset and reading nothing else
 * of data/, and on a file written anew or in place having another inode or change time: a file as it was on disk
 * is not read and hashed again. The schemas are compiled once per set of schema files, each dataset's schema problems found once
 * per bytes, and a dataset whose bytes are those first seen of it is not parsed again: the object parsed then
 * is reused, frozen, as nothing may change it.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { loadSchemas, schemaFiles } from '../lib/schemas.ts';
import type { Datasets } from '../types/datasets.ts';
import type { Problem } from './problems.ts';

export type Check = (data: Datasets) => Problem[];

/** Per dataset name, the digest of its file's bytes in the validation at hand. */
export type Digests = Map<string, string>;

interface Recorded {
  /** Each dataset the check read, with the digest it had then. */
  read: Map<string, string | undefined>;
  problems: Problem[];
}

export const digestOf = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('base64');

/** The datasets object as a check sees it, noting the name of every dataset the check reads or lists. */
function watched(data: Datasets, read: Set<string>): Datasets {
  const note = (key: string | symbol) => {
    if (typeof key === 'string') read.add(key);
  };
  return new Proxy(data, {
    get(target, key, receiver) {
      note(key);
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      note(key);
      return Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      note(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      const keys = Reflect.ownKeys(target);
      keys.forEach(note);
      return keys;
    },
  });
}

/** Freezes the value and every object within it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** What earlier validations found; owned by the caller and passed to each validation. */
export class ValidationMemo {
  readonly #datasets = new Map<string, { digest: string; value: unknown }>();
  readonly #checks = new Map<Check, Recorded[]>();
  readonly #schemas = new Map<string, Ajv2020>();
  readonly #schemaProblems = new Map<string, Problem[]>();
  readonly #files = new Map<string, string>();

  /** The digest of the file's bytes: read and hashed once per file as it is on disk (its device, inode, size and times). */
  digest(path: string): string {
    const stats = statSync(path, { bigint: true });
    const identity = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
    let digest = this.#files.get(identity);
    if (digest === undefined) this.#files.set(identity, (digest = digestOf(readFileSync(path))));
    return digest;
  }

  /** The schemas below `dir` compiled, and a digest of their files: compiled again only where a file differs. */
  schemas(dir: string): { ajv: Ajv2020; digest: string } {
    const digest = digestOf(
      schemaFiles(dir)
        .map((file) => `${file}\0${digestOf(readFileSync(join(dir, file)))}`)
        .join('\0'),
    );
    let ajv = this.#schemas.get(digest);
    if (!ajv) this.#schemas.set(digest, (ajv = loadSchemas(dir)));
    return { ajv, digest };
  }

  /** The dataset whose bytes `read` gives (their digest given), parsed: the object parsed before where the bytes are those first seen of it. */
  parsed(name: string, digest: string, read: () => Buffer): unknown {
    const first = this.#datasets.get(name);
    if (first?.digest === digest) return first.value;
    const value = JSON.parse(read().toString('utf8'));
    if (first) return value;
    this.#datasets.set(name, { digest, value: deepFreeze(value) });
    return value;
  }

  /** A dataset's schema problems, found by `find` once per `key` (the digests of the schemas and the dataset). */
  schemaProblems(key: string, find: () => Problem[]): Problem[] {
    let problems = this.#schemaProblems.get(key);
    if (!problems) this.#schemaProblems.set(key, (problems = structuredClone(find())));
    return structuredClone(problems);
  }

  /** The check's problems on `data`: those recorded where every dataset it read is as it was, else its own run's. */
  run(check: Check, data: Datasets, digests: Digests): Problem[] {
    const recorded = this.#checks.get(check) ?? [];
    const same = recorded.find(({ read }) => [...read].every(([name, digest]) => digests.get(name) === digest));
    if (same) return structuredClone(same.problems);
    const read = new Set<string>();
    const problems = check(watched(data, read));
    recorded.push({ read: new Map([...read].map((name) => [name, digests.get(name)])), problems: structuredClone(problems) });
    this.#checks.set(check, recorded);
    return problems;
  }
}
