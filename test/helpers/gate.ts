/**
 * The data gate (build/validate/validate-data.ts) over many broken copies of data/ at once: one worker
 * thread per core, each validating its share of the copies as the build does. Each copy links the files of
 * data/ it leaves as they are, so fifty copies cost one file each, not 9 MB each.
 */
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readJson, writeCanonicalJson } from '../../build/lib/canonical-json.ts';
import { runWorker, sharesPerCore } from '../../build/write/worker-pool.ts';
import { DATA_DIR } from './paths.ts';

const WORKER_URL = new URL('./gate-worker.ts', import.meta.url).href;

export interface Breach {
  file: string;
  mutate: (data: any) => void;
}

/**
 * A copy of data/ in `dir` with `file` (a dataset name) changed by `mutate`: written anew (writeCanonicalJson
 * replaces the link, never writes through it), every other file a hard link to data/'s.
 */
function brokenCopy(dir: string, { file, mutate }: Breach): void {
  for (const name of readdirSync(DATA_DIR, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('.json')) continue;
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
 * The gate's messages for each breach, in order. With `memo` (the default) each worker reuses what it found in
 * the datasets and schemas a breach leaves as they are (build/validate/validation-memo.ts); without, each copy
 * is validated whole, as the build validates data/.
 */
export async function gateMessages(breaches: Breach[], { memo = true } = {}): Promise<string[][]> {
  const scratch = mkdtempSync(join(tmpdir(), 'country-gate-'));
  try {
    const dirs = breaches.map((breach, index) => {
      const dir = join(scratch, String(index));
      brokenCopy(dir, breach);
      return dir;
    });
    const shares = sharesPerCore(dirs.map((dir, index) => ({ dir, index })));
    const results = await Promise.all(shares.map((share) => runWorker<string[][]>(WORKER_URL, { dirs: share.map((item) => item.dir), memo })));
    const messages: string[][] = [];
    shares.forEach((share, at) =>
      share.forEach((item, position) => {
        messages[item.index] = results[at][position];
      }),
    );
    return messages;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
