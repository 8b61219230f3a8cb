/**
 * `npm start` (through start.cjs): the only place that reads the environment. Checks the
 * configuration (every problem at once, exit 1), builds dist/ when it is missing or older than data/
 * or build/ (by running the build script, never importing it), then serves (serve.ts): in this
 * process when WORKERS is 1, else in a node:cluster (cluster.ts) whose workers each run this file
 * again. Once listening, the files of dist are checked against its manifest (VERIFY_DIST); a damaged
 * dist stops the gateway. SIGTERM or SIGINT drains, SIGHUP reads the keys file and the dist again.
 */
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { announceKey, generateKey, reachableOrigin, stopWith } from '../launch/announce.ts';
import { buildIfStale } from '../launch/freshness.ts';
import { keysFromList } from '../launch/keys.ts';
import { runCluster, type WorkerMessage } from './cluster.ts';
import { readConfig } from './config.ts';
import type { Charges } from './fair-share.ts';
import { batchedLog } from './request-log.ts';
import { serve, type Gateway } from './serve.ts';

const worker = cluster.isWorker ? `worker ${cluster.worker!.id}: ` : '';
// The request log in batches (one write for many lines; stdout writes synchronously to a pipe or a
// file on Linux), written whole before any other line, and on exit.
const requests = batchedLog((text) => void process.stdout.write(text));
process.on('exit', requests.flush);
const log = requests.log;
const say = (line: string) => {
  requests.flush();
  console.log(`gateway: ${worker}${line}`);
};
const tell = (message: WorkerMessage) => process.send!(message);
const stop = (lines: string[], why?: string): never => stopWith(`gateway: ${worker}`, lines, why);

function announce({ address, port, family }: AddressInfo, release: string, workers: number, generatedKey: string | undefined): void {
  say(`serving release ${release} from ${config.distDir}${workers > 1 ? ` with ${workers} workers` : ''}`);
  say(`listening on http://${family === 'IPv6' ? `[${address}]` : address}:${port}`);
  const origin = reachableOrigin(address, port);
  if (generatedKey) announceKey(say, origin, generatedKey, 'API_KEYS, API_KEYS_FILE');
  else say(`the form page: ${origin}/ (it asks for a key)`);
}

/** Serves in this process (alone, or as a cluster worker). */
async function serveHere(generatedKey: string | undefined): Promise<void> {
  // Listening for signals before anything else: one may come while the gateway is still starting.
  let gateway: Gateway | undefined;
  process.on('SIGHUP', () => void gateway?.reload('SIGHUP', true));
  const drain = (signal: NodeJS.Signals) => {
    if (!gateway) process.exit(0);
    gateway.drain({
      onStopped: (open) =>
        cluster.isWorker ? tell({ type: 'stopped', open }) : say(`${signal}: stopped accepting connections; draining ${open} open request(s)`),
      onDrained: (complete) => {
        say(complete ? 'drain: done' : 'drain: requests still open after 10 s; closed them');
        process.exit(complete ? 0 : 1);
      },
    });
  };
  process.on('SIGTERM', drain).on('SIGINT', drain);

  // Fair-share charges go to the other workers through the primary, and theirs come back the same way.
  const shareCharges = cluster.isWorker ? (charges: Charges) => void (process.connected && tell({ type: 'fair-share', charges })) : undefined;
  if (cluster.isWorker) process.on('message', (message: WorkerMessage) => message.type === 'fair-share' && gateway?.chargedElsewhere(message.charges));
  try {
    gateway = await serve(config, { log, say, shareCharges });
  } catch (error) {
    return stop([(error as Error).message]);
  }
  if (cluster.isWorker) tell({ type: 'listening', address: gateway.address, release: gateway.release() });
  else announce(gateway.address, gateway.release(), 1, generatedKey);

  // One process checks the files (in a cluster, the first worker), while serving: each file read is checked anyway.
  if (config.verifyDist === 'off' || (cluster.isWorker && cluster.worker!.id !== 1)) return;
  const started = performance.now();
  const result = await gateway.verify();
  if (!result) return say('start-up check dropped: a new build replaced the dist meanwhile');
  const { files, problems } = result;
  if (problems.length === 0)
    return say(`checked ${files} files against the manifest (VERIFY_DIST=${config.verifyDist}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const lines = [
    `${config.distDir} does not match its manifest (${problems.length} of ${files} files; npm run verify -- ${config.distDir} lists all):`,
    ...problems.slice(0, 10),
  ];
  if (cluster.isWorker) tell({ type: 'damaged', lines });
  else stop(lines, 'stopping');
}

const { config, problems } = readConfig(process.env, join(import.meta.dirname, '..', 'dist'));
if (problems.length > 0) stop(problems);
// A cluster's workers get the primary's generated key, and its DIST_DIR, through their environment.
let generatedKey = cluster.isWorker ? process.env.GATEWAY_GENERATED_KEY || undefined : undefined;
if (cluster.isPrimary && config.keys.length === 0 && !config.keysFile) generatedKey = generateKey();
if (generatedKey) config.keys.push(...keysFromList(generatedKey, 'generated'));

const buildFailed = cluster.isPrimary ? buildIfStale(config.distDir, say) : undefined;
if (buildFailed) stop([buildFailed]);
if (cluster.isPrimary && config.workers > 1) {
  runCluster({
    workers: config.workers,
    say,
    fail: stop,
    // Always set, so a GATEWAY_GENERATED_KEY inherited from the environment is never taken for one.
    env: { DIST_DIR: config.distDir, GATEWAY_GENERATED_KEY: generatedKey ?? '' },
    onListening: (address, release) => announce(address, release, config.workers, generatedKey),
  });
} else {
  void serveHere(generatedKey);
}
