/**
 * The two nginx servers of the bench, each with as many workers as the gateway, logging every request
 * (buffered) as the gateway does:
 * - `nginx`: Debian's nginx with the config the build writes (nginx/nginx.ts, as `npm run serve:nginx`
 *   runs it), which answers every request of the API as the gateway does; search goes to the gateway.
 * - `nginx plain`: the same dist files for the measured requests alone: each workload's path maps to its
 *   file, Accept-Encoding: br to the .br copy, a matching If-None-Match to 304, a wrong key to 401 and
 *   any other path to 404, with the gateway's own headers (copied from its answers); search is a file
 *   of the expected answer. What nginx does with no logic at all: the ceiling of that tier.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startNginx } from '../nginx/nginx.ts';
import type { Workload } from './workloads.ts';
import { startServer, treeCpuMs, treeRss, type Server } from './server.ts';
import { OWN_HEADERS, type ReferenceOptions } from './reference.ts';

const quote = (value: string) => `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;

function locations(workloads: Workload[], headersByPath: Map<string, Record<string, string>>): string {
  const byPath = new Map<string, Workload[]>();
  for (const workload of workloads.filter((w) => w.file && w.validKey)) {
    const path = workload.path.split('?')[0];
    byPath.set(path, [...(byPath.get(path) ?? []), workload]);
  }
  return [...byPath]
    .map(([path, group]) => {
      const plain = group.find((w) => w.status === 200 && !w.coding);
      if (!plain) throw new Error(`nginx: no plain file for ${path}`);
      const hasBr = group.some((w) => w.coding === 'br');
      const etag = group.find((w) => w.etag)?.etag;
      const headers = Object.entries(headersByPath.get(path) ?? {}).filter(([name]) => !OWN_HEADERS.has(name));
      return [
        `    location = ${path} {`,
        ...headers.map(([name, value]) => `      add_header ${name} ${quote(value)};`),
        ...(hasBr ? ['      add_header content-encoding $br_coding;'] : []),
        ...(etag ? [`      if ($http_if_none_match = ${quote(etag)}) { return 304; }`] : []),
        `      alias ${plain.file}${hasBr ? '$br_suffix' : ''};`,
        '    }',
      ].join('\n');
    })
    .join('\n');
}

/** What the reference servers are started with: plain nginx serves the same files with the same headers (its 401 and 404 are its own pages). */
export type PlainOptions = Omit<ReferenceOptions, 'polka' | 'problems'>;

export function plainConfig(options: PlainOptions): string {
  const { dir } = options;
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${join(dir, `${name}_temp`)};`);
  return `worker_processes ${options.workers};
pcre_jit on;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  types { }
  default_type 'application/json; charset=utf-8';
  access_log ${join(dir, 'access.log')} combined buffer=64k flush=1s;
${temp.join('\n')}
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  etag off;
  server_tokens off;
  map $http_accept_encoding $br_suffix { default ''; '~*\\bbr\\b' '.br'; }
  map $http_accept_encoding $br_coding { default ''; '~*\\bbr\\b' 'br'; }
  server {
    listen 127.0.0.1:${options.port};
    if ($http_authorization != ${quote(`Bearer ${options.key}`)}) { return 401; }
${locations(options.workloads, options.headersByPath)}
    location / { return 404; }
  }
}
`;
}

export function startPlainNginx(binary: string, options: PlainOptions): Promise<Server> {
  const dir = join(options.dir, 'nginx-plain');
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, plainConfig({ ...options, dir }));
  return startServer({
    name: 'nginx plain',
    command: binary,
    args: ['-p', dir, '-c', config],
    port: options.port,
    readyPath: '/',
    log: join(dir, 'stdout.log'),
  });
}

export async function startGeneratedNginx(options: {
  distDir: string;
  dir: string;
  port: number;
  key: string;
  workers: number;
  searchOrigin: string;
}): Promise<Server> {
  const nginx = await startNginx({
    distDir: options.distDir,
    host: '127.0.0.1',
    port: options.port,
    keys: [options.key],
    searchOrigin: options.searchOrigin,
    workers: options.workers,
    accessLog: join(options.dir, 'nginx-access.log'),
  });
  return {
    name: 'nginx',
    port: options.port,
    child: nginx.child,
    rss: () => treeRss(nginx.child.pid!),
    cpuMs: () => treeCpuMs(nginx.child.pid!),
    stop: nginx.stop,
  };
}
