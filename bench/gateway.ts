/**
 * The gateway as `npm start` runs it (gateway/start.cjs, NODE_ENV=production, API_KEYS set), a child
 * process logging to a file; and its cold start: spawn to the first 200 on /healthz and on a data
 * path, for `node gateway/start.cjs` (what `npm start` runs) and for `npm start` itself.
 */
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './dist.ts';
import { startServer, waitForStatus, type Server } from './server.ts';

export interface GatewaySetup {
  distDir: string;
  key: string;
  port: number;
  /** Where stdout (the request log) and stderr go. */
  log: string;
  env?: Record<string, string>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const environment = (setup: GatewaySetup) => ({
  HOME: process.env.HOME ?? '/root',
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(setup.port),
  API_KEYS: setup.key,
  DIST_DIR: setup.distDir,
  // What `npm start` sets: the gateway is measured with its fair share on, as users run it.
  FAIR_SHARE_MS: '500',
  ...setup.env,
});

const COMMANDS = {
  node: [process.execPath, [join(ROOT, 'gateway', 'start.cjs')]],
  'npm start': ['npm', ['start', '--silent']],
} as const;

export function startGateway(setup: GatewaySetup, name = 'gateway'): Promise<Server> {
  const [command, args] = COMMANDS.node;
  return startServer({
    name,
    command,
    args: [...args],
    env: environment(setup),
    port: setup.port,
    readyPath: '/v1/countries/BR',
    readyStatus: 200,
    headers: { Authorization: `Bearer ${setup.key}` },
    log: setup.log,
  });
}

export interface ColdStart {
  healthz: number;
  data: number;
}

/** Spawns the gateway, times the first 200 on /healthz and then on /v1/countries/BR, and stops it. */
export async function coldStart(setup: GatewaySetup, how: keyof typeof COMMANDS): Promise<ColdStart> {
  const [command, args] = COMMANDS[how];
  const out = openSync(setup.log, 'a');
  const started = performance.now();
  // Its own process group, so npm, tsx and the gateway's workers all get the signal.
  const child = spawn(command, [...args], { cwd: ROOT, env: { PATH: process.env.PATH!, ...environment(setup) }, stdio: ['ignore', out, out], detached: true });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    const healthz = await waitForStatus(setup.port, '/healthz', 200, started, child);
    const data = await waitForStatus(setup.port, '/v1/countries/BR', 200, started, child, { Authorization: `Bearer ${setup.key}` });
    return { healthz, data };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    // npm exits before its children: wait until the port is free again.
    while (
      await new Promise((resolve) => {
        const probe = createServer()
          .once('error', () => resolve(true))
          .listen(setup.port, '127.0.0.1', () => probe.close(() => resolve(false)));
      })
    )
      await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
