/**
 * Resident memory as Linux reports it (/proc), for the tests and load tools that bound the gateway's:
 * one process, and a process with every node process below it (cluster workers). And a client that
 * never reads, the load such a bound is about.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';

/** Resident memory of `pid`, in bytes. */
export const rssOf = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

const NODE_NAMES = new Set(['node', 'MainThread']);

/** Resident memory of `pid` and every node process below it, in bytes. */
export function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      /* gone */
    }
  }
  let total = 0;
  for (const queue = [pid]; queue.length > 0; ) {
    const next = queue.pop()!;
    queue.push(...(children.get(next) ?? []));
    try {
      // Node 24 names its main thread, and so the process, MainThread.
      if (NODE_NAMES.has(readFileSync(`/proc/${next}/comm`, 'utf8').trim())) total += rssOf(next);
    } catch {
      /* gone */
    }
  }
  return total;
}

/** A connection that writes `requests` and never reads (its receive buffer fills; the server's answers wait). */
export const neverReading = (port: number, requests: string) =>
  new Promise<Socket>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.pause();
      socket.write(requests);
      resolve(socket);
    });
    socket.on('error', () => {});
  });
