/**
 * A server under test as a child process: started, awaited until it answers on 127.0.0.1, measured
 * (resident memory and CPU time summed over its whole process tree, read from /proc), pinned to a
 * core where the bench asks, and stopped.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';

export interface Server {
  name: string;
  port: number;
  child: ChildProcess;
  /** Resident set size of the process and all its descendants, in bytes. */
  rss: () => number;
  /** CPU time (user and system) the process and all its descendants have used, in milliseconds. */
  cpuMs: () => number;
  /** SIGTERM, then the exit code (null when killed by a signal). */
  stop: () => Promise<number | null>;
}

export interface StartOptions {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  port: number;
  /** A path polled until it answers with `readyStatus` (any status when undefined). */
  readyPath: string;
  readyStatus?: number;
  headers?: Record<string, string>;
  /** stdout and stderr go to this file. */
  log: string;
}

export function httpStatus(port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** Polls until `path` answers `status`; resolves with the milliseconds since `since`. */
export async function waitForStatus(
  port: number,
  path: string,
  status: number | undefined,
  since: number,
  child: ChildProcess,
  headers: Record<string, string> = {},
): Promise<number> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${child.spawnfile} exited (${child.exitCode ?? child.signalCode}) before answering ${path}`);
    const got = await httpStatus(port, path, headers);
    if (got !== 0 && (status === undefined || got === status)) return performance.now() - since;
    if (performance.now() - since > 120_000) throw new Error(`${path} did not answer ${status ?? ''} within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      /* exited meanwhile */
    }
  }
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]) ?? []));
  return all;
}

/** Clock ticks per second of /proc/<pid>/stat's utime and stime: 100 on every Linux Node runs on. */
const TICKS_PER_SECOND = 100;

export function treeCpuMs(pid: number): number {
  let ticks = 0;
  for (const each of descendants(pid)) {
    try {
      const stat = readFileSync(`/proc/${each}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* exited meanwhile */
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Microseconds of `server`'s CPU per answer since it had used `cpuMsBefore`, over `answers` answers. */
export const cpuUsPerAnswer = (server: Server, cpuMsBefore: number, answers: number): number => ((server.cpuMs() - cpuMsBefore) * 1000) / Math.max(1, answers);

/** Binds the process and all its descendants, every thread, to `cpus` (taskset's list: `0`, `0-1`). */
export function pinTree(pid: number, cpus: string): void {
  for (const each of descendants(pid)) execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cpus, String(each)], { stdio: 'ignore' });
}

export function treeRss(pid: number): number {
  let total = 0;
  for (const each of descendants(pid)) {
    try {
      const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${each}/status`, 'utf8'))?.[1];
      total += Number(kb ?? 0) * 1024;
    } catch {
      /* exited meanwhile */
    }
  }
  return total;
}

export async function startServer(options: StartOptions): Promise<Server & { readyMs: number }> {
  const out = openSync(options.log, 'a');
  const started = performance.now();
  const child = spawn(options.command, options.args, { env: { PATH: process.env.PATH!, ...options.env }, stdio: ['ignore', out, out] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const readyMs = await waitForStatus(options.port, options.readyPath, options.readyStatus, started, child, options.headers).catch((error) => {
    child.kill('SIGKILL'); // never ready: not left behind the bench
    throw error;
  });
  return {
    name: options.name,
    port: options.port,
    child,
    readyMs,
    rss: () => treeRss(child.pid!),
    cpuMs: () => treeCpuMs(child.pid!),
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
