/**
 * A dist served by Debian's nginx with the config the build wrote into it (v1/_cdn/nginx.conf): the
 * placeholders filled in (contract/nginx-placeholders.ts), in a prefix directory of its own, nginx in
 * the foreground. What `npm run serve:nginx` runs (serve-nginx.ts), and what the tests and the bench start.
 *
 * nginx holds a release's ETags in its config and reads the files from disk, so it serves a snapshot
 * of each release (hard links, made in a few seconds), never the dist folder a build swaps: a new
 * build is taken in by a new snapshot and a graceful reload, old workers finish on the old snapshot,
 * and that snapshot is removed once they have exited. No answer mixes two releases.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Origins } from '../contract/headers.ts';
import { NGINX_CONFIG_FILE } from '../contract/layout.ts';
import { corsHeaders, corsMaps, keyLine, PLACEHOLDERS } from '../contract/nginx-placeholders.ts';
import { manifestIdentity, type Snapshot, snapshot, workersOf } from './snapshot.ts';

export const NGINX = '/usr/sbin/nginx';
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const TEMP_PATHS = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

export interface NginxOptions {
  distDir: string;
  host: string;
  port: number;
  /** Plain keys: nginx compares the Authorization header with each. */
  keys: string[];
  /** Where /v1/countries/search goes: a gateway's URL (search needs the index in memory). */
  searchOrigin: string;
  corsOrigins?: Origins;
  /** worker_processes; `auto` is one per core. */
  workers?: number | 'auto';
  /** A file to log each request to (buffered), or none. */
  accessLog?: string;
  /** How often to look for a new build (0: only on reload()). */
  watchMs?: number;
  /** Lines about reloads. */
  say?: (line: string) => void;
  /**
   * A checked snapshot of `distDir` made earlier (snapshot.ts), served at start instead of a new one: a caller
   * that starts nginx on one release many times pays the links and the check once. Its maker removes it.
   */
  snapshot?: Snapshot;
}

export interface Nginx {
  child: ChildProcess;
  /** nginx's own folder: its config, logs and the snapshots of releases (`releases/`). */
  prefix: string;
  /** The release served now. */
  release: () => string;
  /** Takes in the dist as it is now (a new build) with a graceful reload, unless it is the release served. */
  reload: () => Promise<void>;
  /** Graceful stop (SIGQUIT); resolves with nginx's exit code. */
  stop: () => Promise<number | null>;
}

/** Why this machine cannot run it, or undefined when it can. */
export function nginxMissing(): string | undefined {
  if (!existsSync(NGINX)) return `${NGINX} is missing: apt-get install -y nginx-light`;
  if (!existsSync(BROTLI_MODULE)) return `${BROTLI_MODULE} is missing: apt-get install -y libnginx-mod-http-brotli-static`;
  return undefined;
}

const answers = (port: number, host: string) =>
  new Promise<boolean>((resolve) => {
    request({ host, port, path: '/healthz', agent: false }, (res) => resolve(Boolean(res.resume())))
      .on('error', () => resolve(false))
      .end();
  });

/** What nginx's own files are written from: the listen address, the keys and origins, the workers and the log. */
export type PrefixOptions = Pick<NginxOptions, 'host' | 'port' | 'keys' | 'searchOrigin' | 'corsOrigins' | 'workers' | 'accessLog'> & {
  /** One process answering itself, no master (for a profiler: one process to count). */
  masterProcess?: boolean;
};

/** site.conf in `prefix`: the generated config (`config`, the text of v1/_cdn/nginx.conf) for the files at `root`, its placeholders filled in. */
export function writeSite(prefix: string, config: string, root: string, options: PrefixOptions): void {
  writeFileSync(
    join(prefix, 'site.conf'),
    config
      .replaceAll(PLACEHOLDERS.root, root)
      .replaceAll(PLACEHOLDERS.listen, `${options.host}:${options.port}`)
      .replaceAll(PLACEHOLDERS.keys, join(prefix, 'keys.conf'))
      .replaceAll(PLACEHOLDERS.corsHeaders, join(prefix, 'cors-headers.conf'))
      .replaceAll(PLACEHOLDERS.cors, join(prefix, 'cors.conf'))
      .replaceAll(PLACEHOLDERS.origin, options.searchOrigin),
  );
}

/** nginx's own files in `prefix` (its temp folders, the keys, the CORS maps, nginx.conf including site.conf); returns nginx.conf's path. */
export function writePrefix(prefix: string, options: PrefixOptions): string {
  for (const temp of TEMP_PATHS) mkdirSync(join(prefix, temp), { recursive: true });
  writeFileSync(join(prefix, 'keys.conf'), options.keys.map(keyLine).join(''), { mode: 0o600 });
  writeFileSync(join(prefix, 'cors.conf'), corsMaps(options.corsOrigins ?? '*'));
  writeFileSync(join(prefix, 'cors-headers.conf'), corsHeaders(options.corsOrigins ?? '*'));
  const config = join(prefix, 'nginx.conf');
  writeFileSync(
    config,
    [
      `load_module ${BROTLI_MODULE};`,
      // Run as root, nginx would hand its workers to nobody, who cannot read the keys file.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      ...(options.masterProcess === false ? ['master_process off;'] : []),
      `worker_processes ${options.workers ?? 'auto'};`,
      // The config's patterns (the key, the routes, a query) compiled to machine code once, not interpreted per request.
      'pcre_jit on;',
      'daemon off;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      options.accessLog ? `  access_log ${options.accessLog} combined buffer=64k flush=1s;` : '  access_log off;',
      '  sendfile on;',
      '  tcp_nopush on;',
      ...TEMP_PATHS.map((temp) => `  ${temp}_temp_path ${prefix}/${temp};`),
      `  include ${prefix}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  return config;
}

export async function startNginx(options: NginxOptions): Promise<Nginx> {
  const missing = nginxMissing();
  if (missing) throw new Error(missing);
  const { distDir, host, port, say = () => {} } = options;
  const prefix = mkdtempSync(join(tmpdir(), 'country-nginx-'));
  chmodSync(prefix, 0o755);
  mkdirSync(join(prefix, 'releases'));
  const config = writePrefix(prefix, options);
  let served = options.snapshot ?? snapshot(distDir, join(prefix, 'releases'));
  const writeServed = () => writeSite(prefix, readFileSync(join(served.dir, NGINX_CONFIG_FILE), 'utf8'), served.dir, options);
  writeServed();
  const check = spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-c', config], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refuses the config: ${check.stderr}`);

  const child = spawn(NGINX, ['-p', prefix, '-c', config], { stdio: ['ignore', 'inherit', 'inherit'] });
  let watch: NodeJS.Timeout | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      clearInterval(watch);
      rmSync(prefix, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    return exited;
  };
  for (const until = Date.now() + 10_000; !(await answers(port, host)); ) {
    if (child.exitCode !== null || Date.now() > until) {
      const log = existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : '';
      await stop();
      throw new Error(`nginx did not start on ${host}:${port}: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  let reloading: Promise<void> | undefined;
  const reloadNow = async () => {
    if (manifestIdentity(distDir) === served.identity) return;
    const old = served;
    const next = snapshot(distDir, join(prefix, 'releases'));
    const oldWorkers = workersOf(child.pid!);
    served = next;
    writeServed();
    child.kill('SIGHUP');
    say(`reload: serving release ${next.release} (was ${old.release})`);
    // The old workers finish the requests they took, reading the old snapshot; then it goes.
    while (workersOf(child.pid!).some((pid) => oldWorkers.includes(pid))) await new Promise((resolve) => setTimeout(resolve, 100));
    if (old !== options.snapshot) rmSync(old.dir, { recursive: true, force: true });
  };
  const reload = () =>
    (reloading ??= reloadNow()
      .catch((error) => say(`reload: kept release ${served.release}: ${(error as Error).message}`))
      .finally(() => {
        reloading = undefined;
      }));
  if (options.watchMs) watch = setInterval(() => void reload(), options.watchMs).unref();
  return { child, prefix, release: () => served.release, reload, stop };
}
