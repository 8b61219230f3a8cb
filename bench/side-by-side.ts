/**
 * A target's two servers loaded at the same time, both pinned to one core and each driven by its own
 * load generator on the other: the kernel shares the core between them, so each answers with about half
 * of it and the ratio of their rates is the ratio of their work per answer, measured through the same
 * seconds of the same VM core. Measured in turn, even a few seconds apart, a server's rate moves by a
 * third with what the host does meanwhile (bench/README.md, Targets).
 *
 * And each pair is measured over several starts of both servers: on a VM two processes of the same
 * program, started alike, can differ by a quarter in work per answer for their whole lives, so one
 * start says as much about where each process landed as about the code.
 */
import { runLoad, type LoadOptions } from './load.ts';
import { cpuUsPerAnswer, type Server } from './server.ts';

export interface SideBySideOptions {
  /** The load of one server: its URL is made from its port and `path`. */
  load: Omit<LoadOptions, 'url'>;
  path: string;
  rounds: number;
}

export interface SideBySide {
  /** Each round's rate of `a` over `b`'s. */
  ratios: number[];
  /** Each round's CPU per answer of `a` and of `b`, in microseconds: how fast the VM's core was then (cpuRatio). */
  cpuUs: [number, number][];
  /** Per start of the pair, its rounds' `ratios` (sideBySideStarts). */
  starts?: number[][];
}

/** A round's CPU per answer of `b` over `a`'s (above 1: `a` does less work per answer). */
export const cpuRatio = ([ofA, ofB]: [number, number]): number => ofB / ofA;

/** `rounds` runs of `a` and `b` loaded together; wrk's order alternates so neither always starts first. */
export async function sideBySide(a: Server, b: Server, { load, path, rounds }: SideBySideOptions): Promise<SideBySide> {
  const result: SideBySide = { ratios: [], cpuUs: [] };
  for (let round = 0; round < rounds; round++) {
    const [cpuA, cpuB] = [a.cpuMs(), b.cpuMs()];
    const order = round % 2 === 0 ? [a, b] : [b, a];
    const runs = new Map(
      await Promise.all(order.map(async (server) => [server, await runLoad({ ...load, url: `http://127.0.0.1:${server.port}${path}` })] as const)),
    );
    const [ofA, ofB] = [runs.get(a)!, runs.get(b)!];
    result.ratios.push(ofA.rps / ofB.rps);
    result.cpuUs.push([cpuUsPerAnswer(a, cpuA, ofA.requests), cpuUsPerAnswer(b, cpuB, ofB.requests)]);
  }
  return result;
}

export interface StartsOptions {
  /** The pair's first start: servers already running, left running. */
  first: [Server, Server];
  starts: number;
  /** A new process of the server named, ready to be measured (verified, pinned, warmed up); stopped after its start. */
  restart: (name: string) => Promise<Server>;
  /** Every workload's side-by-side rounds on one start of the pair, by workload. */
  measure: (a: Server, b: Server) => Promise<Map<string, SideBySide>>;
}

/** The pair side by side over `starts` starts of both servers: per workload, every round, and the rounds of each start. */
export async function sideBySideStarts({ first, starts, restart, measure }: StartsOptions): Promise<Map<string, SideBySide>> {
  const results = new Map<string, Required<SideBySide>>();
  for (let start = 0; start < starts; start++) {
    const pair: Server[] = start === 0 ? [...first] : [];
    try {
      for (const server of start === 0 ? [] : first) pair.push(await restart(server.name));
      for (const [workload, { ratios, cpuUs }] of await measure(pair[0], pair[1])) {
        const result = results.get(workload) ?? { ratios: [], cpuUs: [], starts: [] };
        result.ratios.push(...ratios);
        result.cpuUs.push(...cpuUs);
        result.starts.push(ratios);
        results.set(workload, result);
      }
    } finally {
      if (start > 0) for (const server of pair) await server.stop();
    }
  }
  return results;
}
