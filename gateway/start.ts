/**
 * `npm start`: the only place that reads the environment. Checks the configuration (all problems at
 * once, exit 1), builds dist/ when it is missing or older than data/ (by running the build script,
 * never importing it), then serves: itself when WORKERS is 1, else through a node:cluster of WORKERS
 * processes (one per core by default). Once listening, the files of dist are checked against its
 * manifest (VERIFY_DIST), shared out among the workers; a damaged dist stops the gateway (exit 1).
 * Each request is logged on a line; SIGTERM drains.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { readConfig } from './config.ts';
import { staleReason } from './freshness.ts';
import { keysFromList } from './keys.ts';
import type { VerifyResult } from './verify-dist.ts';

const root = join(import.meta.dirname, '..');
const say = (line: string) => console.log(`gateway: ${line}`);
function stop(lines: string[], why = 'cannot start'): never {
  console.error(`gateway: ${why}:\n${lines.map((line) => `  - ${line}`).join('\n')}`);
  process.exit(1);
}

const { config, problems } = readConfig(process.env, join(root, 'dist'));
if (problems.length > 0) stop(problems);

let generatedKey: string | undefined;
if (config.keys.length === 0) {
  generatedKey = randomBytes(32).toString('base64url');
  config.keys.push(...keysFromList(generatedKey, 'generated'));
}

const reason = staleReason(config.distDir, join(root, 'data'));
if (reason) {
  say(`${reason}; building it (npm run build)`);
  const build = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'build', 'build.ts'), '--out', config.distDir], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) stop([`the build failed (exit ${build.status ?? build.signal}); see its output above`]);
}

// A copied or half-synced dist must not go on serving: every file the manifest lists, at its size (SHA-256 too
// with VERIFY_DIST=full). Checked while serving, so the start waits for none of it: each file read is checked anyway.
function verified({ files, problems }: VerifyResult, ms: number): void {
  if (problems.length > 0) {
    stop([`${config.distDir} does not match its manifest (${problems.length} of ${files} files; npm run verify -- ${config.distDir} lists all):`,
      ...problems.slice(0, 10)], 'stopping');
  }
  say(`checked ${files} files against the manifest (VERIFY_DIST=${config.verifyDist}) in ${(ms / 1000).toFixed(1)} s`);
}

function announce({ address, port, family }: AddressInfo, release: string): void {
  const host = family === 'IPv6' ? `[${address}]` : address;
  say(`serving release ${release} from ${config.distDir}${config.workers > 1 ? ` with ${config.workers} workers` : ''}`);
  say(`listening on http://${host}:${port}`);
  if (generatedKey) {
    const reachable = address === '0.0.0.0' || address === '::' ? 'localhost' : host;
    say('no API key configured (API_KEYS, API_KEYS_FILE); this run accepts a generated one:');
    console.log(`\n  ${generatedKey}\n\n  curl -H "Authorization: Bearer ${generatedKey}" http://${reachable}:${port}/v1/countries/BR\n`);
  }
}

// Each mode loads only its own modules: a cluster primary never serves, and the app is most of the code.
// Loaded with require, which tsx's require hook (start.cjs) handles as it handles this file.
const load = createRequire(import.meta.url);
if (config.workers > 1) {
  const { runCluster } = load('./cluster.ts') as typeof import('./cluster.ts');
  // Always set, so a GATEWAY_GENERATED_KEY inherited from the environment is never taken for one.
  const env = { DIST_DIR: config.distDir, GATEWAY_GENERATED_KEY: generatedKey ?? '' };
  runCluster({ workers: config.workers, env, say, fail: stop, onListening: announce, onVerified: verified });
} else {
  const { serve } = load('./serve.ts') as typeof import('./serve.ts');
  const { DistError } = load('./dist.ts') as typeof import('./dist.ts');
  try {
    serve(config, { say, fail: stop, onListening: (address, dist) => announce(address, dist.release.id), onVerified: verified }, { verifyShare: { index: 0, count: 1 } });
  } catch (error) {
    if (!(error instanceof DistError)) throw error;
    stop([error.message]);
  }
}
