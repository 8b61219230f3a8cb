/**
 * Instructions per request in the nginx worker, the generated config against plain nginx serving the same
 * files: one nginx process (no master) under callgrind, counting only inside ngx_process_events_and_timers;
 * each workload warmed up, the counters zeroed, `--requests` keep-alive requests sent one at a time, the
 * counters dumped. Deterministic, unlike requests a second, so it holds on a busy machine. The generated
 * config is written from the dist's manifest by the current code (`--built` takes the dist's own), and nginx
 * reads the dist in place (no snapshot: nothing here writes to it). Search is left out: nginx passes it on.
 *
 *   npx tsx bench/nginx-instructions.ts --dist dist [--requests 1000] [--warmup 20] [--built | --config FILE]
 *     [--workload NAME]... [--skip-plain] [--keep]
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { nginxConfig } from '../build/write/nginx-config.ts';
import { MANIFEST_FILE, NGINX_CONFIG_FILE } from '../contract/layout.ts';
import type { Manifest } from '../contract/manifest.ts';
import { NGINX, nginxMissing, writePrefix, writeSite } from '../nginx/nginx.ts';
import { freePort } from './gateway.ts';
import { plainConfig } from './nginx.ts';
import { httpStatus } from './server.ts';
import { requestHeaders, verify, type Answer } from './verify.ts';
import { workloads, type Workload } from './workloads.ts';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    requests: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '20' },
    built: { type: 'boolean', default: false },
    // A config of your own (a variant to try), in place of the generated one.
    config: { type: 'string' },
    workload: { type: 'string', multiple: true, default: [] },
    'skip-plain': { type: 'boolean', default: false },
    // Keep the callgrind dumps (for callgrind_annotate) and say where.
    keep: { type: 'boolean', default: false },
  },
});
const distDir = resolve(args.dist);
const requests = Number(args.requests);
if (!existsSync(join(distDir, MANIFEST_FILE))) throw new Error(`${distDir} has no manifest: npm run build first`);
const missing = nginxMissing();
if (missing) throw new Error(missing);
try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  throw new Error('valgrind is missing: apt-get install -y valgrind');
}

const dir = mkdtempSync(join(tmpdir(), 'country-nginx-instructions-'));
const key = randomBytes(24).toString('base64url');
const list = workloads(distDir, join(dir, 'search.json')).list.filter(
  (workload) => workload.name !== 'search' && (args.workload.length === 0 || args.workload.includes(workload.name)),
);

/** nginx under callgrind, counting only while it handles events; resolves once it answers `/healthz` (or any path). */
async function underCallgrind(name: string, config: string, port: number) {
  const out = join(dir, `${name}.callgrind`);
  const child = spawn(
    'valgrind',
    [
      '-q',
      '--tool=callgrind',
      '--collect-atstart=no',
      '--toggle-collect=ngx_process_events_and_timers',
      `--callgrind-out-file=${out}`,
      NGINX,
      '-p',
      dir,
      '-c',
      config,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  // Reading a config of a hundred thousand map entries takes minutes under valgrind.
  for (const until = Date.now() + 900_000; (await httpStatus(port, '/')) === 0; await new Promise((done) => setTimeout(done, 500))) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`${name} nginx did not answer (see ${dir}/error.log)`);
  }
  return { child, out };
}

/** Sends `count` requests of `workload`, one at a time, on one keep-alive connection (a new one where nginx closes it). */
async function send(port: number, workload: Workload, count: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < count; i++) {
    await new Promise<void>((done, fail) =>
      request({ host: '127.0.0.1', port, path: workload.path, headers: requestHeaders(workload, key), agent }, (res) => res.resume().on('end', done))
        .on('error', fail)
        .end(),
    );
  }
  agent.destroy();
}

/** The instructions counted since the last zeroing, from the dump `callgrind_control -d` writes. */
function dumped(out: string, pid: number): number {
  const before = new Set(readdirSync(dir));
  execFileSync('callgrind_control', ['-d', String(pid)], { stdio: 'ignore' });
  const dump = readdirSync(dir).find((file) => !before.has(file) && file.startsWith(`${out.split('/').pop()}.`));
  if (!dump) throw new Error(`callgrind wrote no dump for ${out}`);
  const totals = /^(?:summary|totals): (\d+)/m.exec(readFileSync(join(dir, dump), 'utf8'));
  if (!totals) throw new Error(`no totals in ${dump}`);
  return Number(totals[1]);
}

/** Instructions per request of each workload, and the answers nginx gave them (checked first). */
async function measure(name: string, config: string, port: number): Promise<{ counts: Map<string, number>; answers: Map<string, Answer> }> {
  const nginx = await underCallgrind(name, config, port);
  const counts = new Map<string, number>();
  try {
    const answers = await verify({ name, port }, list, key);
    for (const workload of list) {
      await send(port, workload, Number(args.warmup));
      execFileSync('callgrind_control', ['-z', String(nginx.child.pid)], { stdio: 'ignore' });
      await send(port, workload, requests);
      counts.set(workload.name, dumped(nginx.out, nginx.child.pid!) / requests);
    }
    return { counts, answers };
  } finally {
    nginx.child.kill('SIGQUIT');
    await new Promise((done) => nginx.child.once('exit', done));
  }
}

try {
  const manifest: Manifest = JSON.parse(readFileSync(join(distDir, MANIFEST_FILE), 'utf8'));
  const { files, ...head } = manifest;
  const { [NGINX_CONFIG_FILE]: _built, ...responses } = files;
  const site = args.config
    ? readFileSync(args.config, 'utf8')
    : args.built
      ? readFileSync(join(distDir, NGINX_CONFIG_FILE), 'utf8')
      : nginxConfig(head, responses);
  const port = await freePort();
  const prefixOptions = { host: '127.0.0.1', port, keys: [key], searchOrigin: 'http://127.0.0.1:9', workers: 1, masterProcess: false };
  const generatedConfig = writePrefix(dir, { ...prefixOptions, accessLog: join(dir, 'generated-access.log') });
  writeSite(dir, site, distDir, prefixOptions);
  console.log(
    `nginx-instructions: ${args.config ?? (args.built ? "the dist's own config" : 'the config of the current code')}, ${distDir}; ${requests} requests a workload`,
  );
  const generated = await measure('generated', generatedConfig, port);

  // Plain nginx: each workload's file, with the headers the generated config answered it with.
  const headersByPath = new Map(
    list
      .filter((w) => w.status === 200 && !w.coding)
      .map((w) => [w.path.split('?')[0], Object.fromEntries(Object.entries(generated.answers.get(w.name)!.headers).map(([n, v]) => [n, String(v)]))]),
  );
  const plainPort = await freePort();
  const plainDir = join(dir, 'plain');
  mkdirSync(plainDir);
  const plainFile = join(plainDir, 'nginx.conf');
  writeFileSync(plainFile, `master_process off;\n${plainConfig({ dir: plainDir, port: plainPort, key, workers: 1, workloads: list, headersByPath })}`);
  const plain = args['skip-plain'] ? { counts: new Map<string, number>() } : await measure('plain', plainFile, plainPort);

  const rows = list.map((w) => [w.name, plain.counts.get(w.name)!, generated.counts.get(w.name)!] as const);
  const width = Math.max(...rows.map(([name]) => name.length));
  const number = (n: number) => Math.round(n).toLocaleString('en').padStart(9);
  console.log(`${'workload'.padEnd(width)}  nginx plain  generated  plain / generated`);
  for (const [name, p, g] of rows) console.log(`${name.padEnd(width)}  ${p ? number(p) : '-'.padStart(9)}    ${number(g)}  ${p ? (p / g).toFixed(2) : '-'}x`);
} finally {
  if (args.keep) console.log(`nginx-instructions: the dumps are in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
