/**
 * The edge as production runs it (edge/node/): the upload of the real test dist, the Worker bundled by
 * wrangler's dry run (kept beside the test dist), on workerd through Miniflare, with TEST_KEY's digest as the
 * API_KEY_DIGESTS secret, listening on 127.0.0.1 on a free port.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startLocalEdge, type LocalEdge } from '../../edge/node/local.ts';
import { buildUpload, type Upload } from '../../edge/node/upload.ts';
import { dryRun } from '../../edge/node/wrangler.ts';
import { builtDist, hashFolders } from './dist.ts';
import { TEST_KEY } from './gateway.ts';
import { ROOT } from './paths.ts';

export const digestLine = (key: string, name = 'test'): string => `${createHash('sha256').update(key).digest('hex')} ${name}`;

let prepared: Promise<{ upload: Upload; script: string; output: string }> | undefined;

/** What the dry run bundles and reads besides the upload: the Worker's sources, its config, the pinned wrangler. */
function workerSourcesDigest(): string {
  const hash = hashFolders(createHash('sha256'), { edge: join(ROOT, 'edge'), contract: join(ROOT, 'contract') });
  return hash
    .update(readFileSync(join(ROOT, 'package-lock.json')))
    .digest('hex')
    .slice(0, 16);
}

/**
 * The Worker wrangler's dry run bundled for the upload of the test dist, with what it printed: kept beside
 * the test dist under the digest of its sources, as the dist itself is, since each lane of a run and each
 * run would otherwise pay a dry run (about 10 s of CPU) for the same bytes.
 */
async function bundledWorker(uploadDir: string): Promise<{ script: string; output: string }> {
  const dir = join(`${builtDist()}-edge-worker`, workerSourcesDigest());
  const kept = { script: join(dir, 'worker.js'), outputFile: join(dir, 'wrangler-output.txt') };
  if (existsSync(kept.outputFile)) return { script: kept.script, output: readFileSync(kept.outputFile, 'utf8') };
  mkdirSync(dirname(dir), { recursive: true });
  const staging = mkdtempSync(`${dir}.staging-`);
  try {
    const { output } = await dryRun(uploadDir, staging);
    writeFileSync(join(staging, 'wrangler-output.txt'), output);
    try {
      renameSync(staging, dir);
    } catch {
      /* another lane kept the same bundle first */
    }
    return { script: kept.script, output: readFileSync(kept.outputFile, 'utf8') };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The upload of the test dist (beside it) and the Worker bundled for it: made once per run. */
export function preparedEdge(): Promise<{ upload: Upload; script: string; output: string }> {
  prepared ??= (async () => {
    const upload = buildUpload(builtDist(), `${builtDist()}-edge`);
    return { upload, ...(await bundledWorker(upload.dir)) };
  })();
  return prepared;
}

export interface EdgeOptions {
  keyDigests?: string;
  corsOrigins?: string;
  cacheMb?: number;
}

export interface TestEdge extends LocalEdge {
  /** What workerd printed (the Worker's log and its own errors), kept rather than printed. */
  output: () => string;
}

export async function startEdge({ keyDigests = digestLine(TEST_KEY), corsOrigins, cacheMb }: EdgeOptions = {}): Promise<TestEdge> {
  const { upload, script } = await preparedEdge();
  let output = '';
  const edge = await startLocalEdge({
    script,
    uploadDir: upload.dir,
    keyDigests,
    corsOrigins,
    cacheMb,
    host: '127.0.0.1',
    port: 0,
    output: (text) => (output += text),
  });
  return { ...edge, output: () => output };
}
