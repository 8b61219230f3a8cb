/**
 * `npm start`: the only place that reads the environment. Checks the configuration (all problems at
 * once, exit 1), builds dist/ when it is missing or older than data/ (by running the build script,
 * never importing it), opens dist, serves, logs a line per request, and drains on SIGTERM.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApp } from './app.ts';
import { readConfig } from './config.ts';
import { DistError, openDist, type Dist } from './dist.ts';
import { drainOnSignals } from './drain.ts';
import { staleReason } from './freshness.ts';
import { keysFromList } from './keys.ts';

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

let dist: Dist;
try {
  dist = openDist(config.distDir);
} catch (error) {
  if (!(error instanceof DistError)) throw error;
  stop([error.message]);
}

const app = createApp({ dist, keys: config.keys, corsOrigins: config.corsOrigins, log: (line) => console.log(line) });
const server = createServer();
drainOnSignals(server, { log: say, onDrained: (complete) => process.exit(complete ? 0 : 1) });
server.on('request', app.handler);
server.on('error', (error) => stop([`cannot listen on ${config.host}:${config.port}: ${error.message}`]));
server.listen(config.port, config.host, () => {
  const { address, port, family } = server.address() as AddressInfo;
  const host = family === 'IPv6' ? `[${address}]` : address;
  say(`serving release ${dist.release.id} from ${config.distDir}`);
  say(`listening on http://${host}:${port}`);
  if (generatedKey) {
    const reachable = address === '0.0.0.0' || address === '::' ? 'localhost' : host;
    say('no API key configured (API_KEYS, API_KEYS_FILE); this run accepts a generated one:');
    console.log(`\n  ${generatedKey}\n\n  curl -H "Authorization: Bearer ${generatedKey}" http://${reachable}:${port}/v1/countries/BR\n`);
  }
});
