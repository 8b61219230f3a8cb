/**
 * The edge as production runs it (edge/node/): the upload of the real test dist, the Worker bundled by
 * wrangler's dry run (once per test run), on workerd through Miniflare, with TEST_KEY's digest as the
 * API_KEY_DIGESTS secret, listening on 127.0.0.1 on a free port.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalEdge, type LocalEdge } from '../../edge/node/local.ts';
import { buildUpload, type Upload } from '../../edge/node/upload.ts';
import { dryRun } from '../../edge/node/wrangler.ts';
import { builtDist } from './dist.ts';
import { TEST_KEY } from './gateway.ts';

export const digestLine = (key: string, name = 'test'): string => `${createHash('sha256').update(key).digest('hex')} ${name}`;

let prepared: Promise<{ upload: Upload; script: string; output: string }> | undefined;

/** The upload of the test dist (beside it) and the Worker bundled for it: made once per run. */
export function preparedEdge(): Promise<{ upload: Upload; script: string; output: string }> {
  prepared ??= (async () => {
    const upload = buildUpload(builtDist(), `${builtDist()}-edge`);
    const outDir = mkdtempSync(join(tmpdir(), 'country-edge-worker-'));
    process.on('exit', () => rmSync(outDir, { recursive: true, force: true }));
    return { upload, ...(await dryRun(upload.dir, outDir)) };
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
