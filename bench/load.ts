/**
 * One timed load run against one URL: wrk (-t2 by default) or, as a fallback, autocannon. Returns
 * requests per second, p50 and p99 latency in milliseconds, and how many answers had an unexpected
 * status class or failed at the socket level.
 */
import { spawn } from 'node:child_process';
import { AUTOCANNON } from './tools.ts';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  seconds: number;
  connections: number;
  threads: number;
  tool: 'wrk' | 'autocannon';
  /** Run the load generator on these CPUs only (taskset's list), away from the server's. */
  cpus?: string;
}

export interface LoadResult {
  rps: number;
  /** Answers received over the run. */
  requests: number;
  p50: number;
  p99: number;
  /** wrk: answers other than 2xx/3xx; autocannon: non-2xx. A 401/404 workload expects these. */
  non2xx: number;
  errors: number;
}

function run(command: string, args: string[], timeoutMs: number, cpus?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = cpus
      ? spawn('taskset', ['--cpu-list', cpus, command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} exited with ${code}:\n${output}`));
    });
  });
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function wrkDuration(output: string, percentile: string): number {
  const match = new RegExp(`^\\s*${percentile}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
  if (!match) throw new Error(`wrk printed no ${percentile}% latency:\n${output}`);
  return Number(match[1]) * UNIT_MS[match[2]];
}

function parseWrk(output: string): LoadResult {
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(output);
  if (!rps) throw new Error(`wrk printed no Requests/sec:\n${output}`);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const requests = /^\s*(\d+) requests in/m.exec(output);
  if (!requests) throw new Error(`wrk printed no request count:\n${output}`);
  return {
    rps: Number(rps[1]),
    requests: Number(requests[1]),
    p50: wrkDuration(output, '50'),
    p99: wrkDuration(output, '99'),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
  };
}

function parseAutocannon(output: string): LoadResult {
  const json = JSON.parse(output.slice(output.indexOf('{'), output.lastIndexOf('}') + 1));
  return {
    rps: json.requests.average,
    requests: json.requests.total,
    p50: json.latency.p50,
    p99: json.latency.p99,
    non2xx: json.non2xx,
    errors: json.errors + json.timeouts,
  };
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const timeoutMs = (options.seconds + 30) * 1000;
  const headerArgs = Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  if (options.tool === 'wrk') {
    const args = [`-t${options.threads}`, `-c${options.connections}`, `-d${options.seconds}s`, '--latency', ...headerArgs, options.url];
    return parseWrk(await run('wrk', args, timeoutMs, options.cpus));
  }
  const args = [
    '--yes',
    AUTOCANNON,
    '-j',
    '-c',
    String(options.connections),
    '-d',
    String(options.seconds),
    '-w',
    String(options.threads),
    ...headerArgs,
    options.url,
  ];
  return parseAutocannon(await run('npx', args, timeoutMs + 60_000, options.cpus));
}
