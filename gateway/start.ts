/**
 * `npm start`: the only place that reads the environment. Checks the configuration (all problems at
 * once, exit 1), builds dist/ when it is missing or older than data/ (by running the build script,
 * never importing it), checks dist against its manifest, then serves: itself when WORKERS is 1, else through a node:cluster of WORKERS
 * processes (one per core by default). Each request is logged on a line; SIGTERM drains.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { readConfig } from './config.ts';
import { staleReason } from './freshness.ts';
import { keysFromList } from './keys.ts';
import { verifyDist } from './verify-dist.ts';

const root = join(import.meta.dirname, '..');
const say = (line: string) => console.log(`gateway: ${line}`);
function stop(lines: string[]): never {
  console.error(`gateway: cannot start:\n${lines.map((line) => `  - ${line}`).join('\n')}`);
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

// A copied or half-synced dist must not serve: every file the manifest lists, at its size (SHA-256 too with VERIFY_DIST=full).
if (config.verifyDist !== 'off') {
  const { files, problems: damage } = await verifyDist(config.distDir, { hashes: config.verifyDist === 'full', extras: false });
  // No files means no readable manifest: opening the dist below names that problem precisely.
  if (damage.length > 0 && files > 0) {
    stop([`${config.distDir} does not match its manifest (${damage.length} of ${files} files; npm run verify -- ${config.distDir} lists all):`,
      ...damage.slice(0, 10)]);
  }
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
if (config.workers > 1) {
  const { runCluster } = await import('./cluster.ts');
  // Always set, so a GATEWAY_GENERATED_KEY inherited from the environment is never taken for one.
  const env = { DIST_DIR: config.distDir, GATEWAY_GENERATED_KEY: generatedKey ?? '' };
  runCluster({ workers: config.workers, env, say, fail: stop, onListening: announce });
} else {
  const [{ serve }, { DistError }] = await Promise.all([import('./serve.ts'), import('./dist.ts')]);
  try {
    serve(config, { say, fail: stop, onListening: (address, dist) => announce(address, dist.release.id) });
  } catch (error) {
    if (!(error instanceof DistError)) throw error;
    stop([error.message]);
  }
}
