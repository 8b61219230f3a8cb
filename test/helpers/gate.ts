/**
 * The data gate (build/validate/validate-data.ts) over many broken copies of data/. In this thread: the suite
 * already runs one test file per core, and a worker thread would pay a cold start and a validation of data/
 * of its own before its first copy. Each copy links the files of data/ it leaves as they are, so fifty
 * copies cost one file each, not 9 MB each.
 */
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readJson, writeCanonicalJson } from '../../build/lib/canonical-json.ts';
import { formatProblem } from '../../build/validate/problems.ts';
import { validateData } from '../../build/validate/validate-data.ts';
import { DATA_DIR } from './paths.ts';
import { realDataMemo } from './real-data.ts';

export interface Breach {
  file: string;
  mutate: (data: any) => void;
}

/**
 * A copy of data/ in `dir` with `file` (a dataset name) changed by `mutate`: written anew (writeCanonicalJson
 * replaces the link, never writes through it), every other file a hard link to data/'s.
 */
function brokenCopy(dir: string, names: string[], { file, mutate }: Breach): void {
  for (const name of names) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    try {
      linkSync(join(DATA_DIR, name), join(dir, name));
    } catch {
      copyFileSync(join(DATA_DIR, name), join(dir, name)); // the temp dir on another file system
    }
  }
  const data = readJson(join(dir, `${file}.json`));
  mutate(data);
  writeCanonicalJson(join(dir, `${file}.json`), data);
}

/**
 * The gate's messages for each breach, in order. With `memo` (the default) only the schema and the checks
 * that read the dataset a breach changes run again (build/validate/validation-memo.ts); without, each copy is
 * validated whole, as the build validates data/.
 */
export function gateMessages(breaches: Breach[], { memo: memoized = true } = {}): string[][] {
  // Seeded with the real data: each copy differs from data/ in one dataset.
  const memo = memoized ? realDataMemo() : undefined;
  const scratch = mkdtempSync(join(tmpdir(), 'country-gate-'));
  try {
    const names = readdirSync(DATA_DIR, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.json'));
    return breaches.map((breach, index) => {
      const dir = join(scratch, String(index));
      brokenCopy(dir, names, breach);
      const messages = validateData(dir, { memo }).problems.map(formatProblem);
      rmSync(dir, { recursive: true, force: true });
      return messages;
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
