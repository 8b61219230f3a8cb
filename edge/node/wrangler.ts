/**
 * Wrangler, run as a child process with this repository's pinned version: `deploy --dry-run --outdir`
 * bundles the Worker exactly as a deploy would and reads the upload directory as a deploy would
 * (every file hashed, the 25 MiB per-file limit checked) without reaching Cloudflare; `deploy` publishes.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const EDGE_DIR = join(import.meta.dirname, '..');
export const WRANGLER_CONFIG = join(EDGE_DIR, 'wrangler.toml');
const WRANGLER = join(EDGE_DIR, '..', 'node_modules', 'wrangler', 'bin', 'wrangler.js');

/** The compatibility date the Worker is deployed with, as wrangler.toml gives it (the local runtime takes the same). */
export const compatibilityDate = (): string => /^compatibility_date\s*=\s*"([^"]+)"/m.exec(readFileSync(WRANGLER_CONFIG, 'utf8'))![1];

export interface WranglerRun {
  code: number | null;
  output: string;
}

/** Runs wrangler with `args` and this repository's config; the output is passed on to `echo` as it comes, and returned. */
export function wrangler(args: string[], echo?: (text: string) => void): Promise<WranglerRun> {
  const child = spawn(process.execPath, [WRANGLER, ...args, '--config', WRANGLER_CONFIG], {
    cwd: EDGE_DIR,
    // No usage reports from a dry run or a test, and plain text to read.
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', FORCE_COLOR: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
    echo?.(String(chunk));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

/** The Worker bundled into `outDir` (worker.js) with `uploadDir` as its assets; throws with wrangler's output when it refuses. */
export async function dryRun(uploadDir: string, outDir: string, echo?: (text: string) => void): Promise<{ script: string; output: string }> {
  const { code, output } = await wrangler(['deploy', '--dry-run', '--outdir', outDir, '--assets', uploadDir], echo);
  if (code !== 0) throw new Error(`wrangler deploy --dry-run failed (exit ${code}):\n${output.trim()}`);
  return { script: join(outDir, 'worker.js'), output };
}
