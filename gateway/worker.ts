/**
 * A cluster worker: serves like a single process (serve.ts), with the configuration of the primary's
 * environment, and reports to the primary (listening, a failed start, stopped accepting) instead of
 * printing those itself, and what it found checking its share of the files. The primary tells it when to drain.
 */
import cluster from 'node:cluster';
import { VERIFY_SHARE_ENV, type PrimaryMessage, type WorkerMessage } from './cluster.ts';
import { readConfig } from './config.ts';
import { DistError } from './dist.ts';
import { keysFromList } from './keys.ts';
import { serve, type Serving } from './serve.ts';

const send = (message: WorkerMessage, then?: () => void) => process.send!(message, undefined, {}, () => then?.());
const cannotStart = (lines: string[]) => send({ type: 'cannot-start', lines }, () => process.exit(1));
let serving: Serving | undefined;
// Listening before anything else: a drain may be asked for while this worker is still starting.
process.on('message', (message: PrimaryMessage) => {
  if (message.type === 'reload') {
    void serving?.reload(message.reason);
  } else if (message.type === 'drain') {
    if (serving) serving.drain(message.signal);
    else process.exit(0);
  }
});

// The primary checked this same environment and resolved DIST_DIR; a generated key comes in GATEWAY_GENERATED_KEY.
const { config, problems } = readConfig(process.env, process.env.DIST_DIR!);
const [index, count] = (process.env[VERIFY_SHARE_ENV] ?? '').split('/').map(Number);
const verifyShare = count > 0 ? { index, count } : undefined;
if (process.env.GATEWAY_GENERATED_KEY) config.keys.push(...keysFromList(process.env.GATEWAY_GENERATED_KEY, 'generated'));
if (problems.length > 0) {
  cannotStart(problems);
} else {
  try {
    serving = serve(config, {
      say: (line) => console.log(`gateway: worker ${cluster.worker?.id}: ${line}`),
      fail: cannotStart,
      onListening: (address, dist) => send({ type: 'listening', address, release: dist.release.id }),
      onStopped: (signal, open) => send({ type: 'stopped', signal, open }),
      onVerified: (result, ms) => send({ type: 'verified', result, ms }),
    }, { verifyShare });
  } catch (error) {
    if (!(error instanceof DistError)) throw error;
    cannotStart([error.message]);
  }
}
