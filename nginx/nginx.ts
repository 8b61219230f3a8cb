/**
 * A dist served by Debian's nginx with the config the build wrote into it (v1/_cdn/nginx.conf): the
 * placeholders filled in, in a prefix directory of its own, nginx in the foreground. What
 * `npm run serve:nginx` runs (serve-nginx.ts), and what the parity test and the bench start.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NGINX = '/usr/sbin/nginx';
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const TEMP_PATHS = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

export interface NginxOptions {
  distDir: string;
  host: string;
  port: number;
  /** Plain keys: nginx compares the Authorization header as sent with `Bearer <key>`. */
  keys: string[];
  /** Where /v1/countries/search goes: a gateway's URL (search needs the index in memory). */
  searchOrigin: string;
  /** worker_processes; `auto` is one per core. */
  workers?: number | 'auto';
  /** A file to log each request to (buffered), or none. */
  accessLog?: string;
}

export interface Nginx {
  child: ChildProcess;
  /** Writes the config again from the dist as it is now (a new build) and has nginx reload it gracefully. */
  reload: () => void;
  /** Graceful stop (SIGQUIT); resolves with nginx's exit code. */
  stop: () => Promise<number | null>;
}

/** Why this machine cannot run it, or undefined when it can. */
export function nginxMissing(): string | undefined {
  if (!existsSync(NGINX)) return `${NGINX} is missing: apt-get install -y nginx-light`;
  if (!existsSync(BROTLI_MODULE)) return `${BROTLI_MODULE} is missing: apt-get install -y libnginx-mod-http-brotli-static`;
  return undefined;
}

const answers = (port: number, host: string) => new Promise<boolean>((resolve) => {
  request({ host, port, path: '/healthz', agent: false }, (res) => resolve(Boolean(res.resume()))).on('error', () => resolve(false)).end();
});

export async function startNginx(options: NginxOptions): Promise<Nginx> {
  const missing = nginxMissing();
  if (missing) throw new Error(missing);
  const { distDir, host, port } = options;
  const prefix = mkdtempSync(join(tmpdir(), 'country-nginx-'));
  chmodSync(prefix, 0o755);
  for (const temp of TEMP_PATHS) mkdirSync(join(prefix, temp));
  writeFileSync(join(prefix, 'keys.conf'), options.keys.map((key) => `"Bearer ${key}" ok;\n`).join(''), { mode: 0o600 });
  const writeSite = () => writeFileSync(join(prefix, 'site.conf'), readFileSync(join(distDir, 'v1/_cdn/nginx.conf'), 'utf8')
    .replaceAll('__DIST_ROOT__', distDir).replaceAll('__LISTEN__', `${host}:${port}`)
    .replaceAll('__KEYS__', join(prefix, 'keys.conf')).replaceAll('__ORIGIN__', options.searchOrigin));
  writeSite();
  const config = join(prefix, 'nginx.conf');
  writeFileSync(config, [
    `load_module ${BROTLI_MODULE};`,
    // Run as root, nginx would hand its workers to nobody, who cannot read the keys file.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `worker_processes ${options.workers ?? 'auto'};`, 'daemon off;', `pid ${prefix}/nginx.pid;`, `error_log ${prefix}/error.log warn;`,
    'events { worker_connections 4096; }',
    'http {',
    options.accessLog ? `  access_log ${options.accessLog} combined buffer=64k flush=1s;` : '  access_log off;',
    '  sendfile on;', '  tcp_nopush on;', '  server_tokens off;',
    ...TEMP_PATHS.map((temp) => `  ${temp}_temp_path ${prefix}/${temp};`),
    `  include ${prefix}/site.conf;`,
    '}', '',
  ].join('\n'));
  const check = spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-c', config], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refuses the config: ${check.stderr}`);

  const child = spawn(NGINX, ['-p', prefix, '-c', config], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => {
    rmSync(prefix, { recursive: true, force: true });
    resolve(code);
  }));
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    return exited;
  };
  for (const until = Date.now() + 10_000; !(await answers(port, host));) {
    if (child.exitCode !== null || Date.now() > until) {
      const log = existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : '';
      await stop();
      throw new Error(`nginx did not start on ${host}:${port}: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    reload: () => {
      writeSite();
      child.kill('SIGHUP');
    },
    stop,
  };
}
