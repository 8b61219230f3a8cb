/**
 * Reuses a cross-dataset check's problems from one validation to the next, for a caller that validates
 * many copies of data/ each a dataset or two apart (the data gate's test): a check is a function of the
 * datasets it reads, so where every dataset it read before has the same bytes, its problems are the same.
 * Which datasets a check reads is watched on the datasets object as it runs, never listed by hand, so a
 * check changed to read another dataset is not served a stale answer. It relies on the checks changing
 * no dataset and reading nothing else of data/.
 */
import { createHash } from 'node:crypto';
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

export const digestOf = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('base64');

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

/** What the checks found in earlier validations; owned by the caller and passed to each validation. */
export class CheckMemo {
  readonly #recorded = new Map<Check, Recorded[]>();

  /** The check's problems on `data`: those recorded where every dataset it read is as it was, else its own run's. */
  run(check: Check, data: Datasets, digests: Digests): Problem[] {
    const recorded = this.#recorded.get(check) ?? [];
    const same = recorded.find(({ read }) => [...read].every(([name, digest]) => digests.get(name) === digest));
    if (same) return structuredClone(same.problems);
    const read = new Set<string>();
    const problems = check(watched(data, read));
    recorded.push({ read: new Map([...read].map((name) => [name, digests.get(name)])), problems: structuredClone(problems) });
    this.#recorded.set(check, recorded);
    return problems;
  }
}
