/**
 * serve(config) -> one process serving a dist: its keys (auth.ts), the dist with its app, replaced
 * when a new build or keys file comes (live-dist.ts, app.ts), and the HTTP server (server.ts),
 * listening. main.ts runs it alone or in each cluster worker and wires the signals to it; the tests
 * start the gateway through it too. Nothing here reads the environment.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { corsHeaders, DATA_RELEASE, NOSNIFF } from '../contract/headers.ts';
import { createApp } from './app.ts';
import { Keys } from './auth.ts';
import type { Config } from './config.ts';
import { FairShare, type Charges } from './fair-share.ts';
import { LiveDist } from './live-dist.ts';
import { logLine } from './request-log.ts';
import { createGatewayServer, type GatewayServer } from './server.ts';
import { verifyFiles, type VerifyResult } from '../contract/verify-files.ts';

export interface ServeHooks {
  /** Each request's line, and the stack of a failure. */
  log: (line: string) => void;
  /** Lines about the gateway itself: reloads, a dist that starts slowly. */
  say: (line: string) => void;
  /** In a cluster: sends this worker's fair-share charges to the others (main.ts, through the primary). */
  shareCharges?: (charges: Charges) => void;
}

export interface Gateway {
  server: Server;
  address: AddressInfo;
  release: () => string;
  /** Reads the keys file and the dist again where they changed, or whatever they are when forced (SIGHUP). */
  reload: (reason: string, force?: boolean) => Promise<void>;
  /**
   * Checks the files of the dist served against its manifest (VERIFY_DIST) while serving; undefined
   * when a new build replaced that dist meanwhile (its tree may be gone; the new one was checked
   * before it served). Whatever this says, every file read is checked before it is sent (dist.ts).
   */
  verify: () => Promise<VerifyResult | undefined>;
  drain: GatewayServer['drain'];
  /** Fair-share charges another worker made (see ServeHooks.shareCharges). */
  chargedElsewhere: (charges: Charges) => void;
  /** Closes every connection and stops (tests). */
  close: () => Promise<void>;
}

/** Throws DistError for a dist that cannot be served, or an Error for keys that cannot be read. */
export async function serve(config: Config, { log, say, shareCharges }: ServeHooks): Promise<Gateway> {
  const keys = new Keys(config.keys, config.keysFile);
  if (keys.size === 0) say(`keys: none in force: ${config.keysFile} lists no key; every request that needs one is refused until it does`);
  // One per process, kept across new dists: what each key used does not start again with a build.
  const fairShare = config.fairShareMs > 0 ? new FairShare(config.fairShareMs, shareCharges) : undefined;
  const live = new LiveDist({
    dir: config.distDir,
    verify: config.verifyDist,
    log: say,
    createApp: (dist, retry) => createApp({ dist, keys, corsOrigins: config.corsOrigins, cacheBytes: config.cacheBytes, fairShare, log, retry }),
  });
  if (live.dist.manifestSha256 === null) {
    say(`${config.distDir} has no manifest.columns.json (an older build): read manifest.json instead, a slower start; npm run build writes both`);
  }
  const { server, drain } = createGatewayServer(config.timeouts, {
    handle: live.handle,
    done: (req, res, ms) => log(logLine(req, res, ms)),
    dropped: (req, res, ms, count) => log(logLine(req, res, ms, count)),
    // node:http refuses these before any header is read: the CORS headers of a request from no known origin.
    headers: () => [DATA_RELEASE, live.dist.release.id, ...NOSNIFF, ...corsHeaders(config.corsOrigins, undefined)],
  });

  const reload = (reason: string, force = false) => {
    const keysChanged = keys.reload(force);
    if (keysChanged) say(keysChanged);
    return live.reload(reason, force);
  };
  const watch = config.watchMs > 0 ? setInterval(() => void reload('manifest.json changed'), config.watchMs).unref() : undefined;
  server.on('close', () => {
    clearInterval(watch);
    live.close();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    server,
    address: server.address() as AddressInfo,
    release: () => live.dist.release.id,
    reload,
    verify: async () => {
      const { dist } = live;
      const result = await verifyFiles(dist.dir, dist.files, { hashes: config.verifyDist === 'full', manifestSha256: dist.manifestSha256 });
      return live.serves(dist) ? result : undefined;
    },
    drain,
    chargedElsewhere: (charges) => fairShare?.chargedElsewhere(charges, performance.now()),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
