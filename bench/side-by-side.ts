/**
 * A target's two servers loaded at the same time, both pinned to one core and each driven by its own
 * load generator on the other: the kernel shares the core between them, so each answers with about half
 * of it and the ratio of their rates is the ratio of their work per answer, measured through the same
 * seconds of the same VM core. Measured in turn, even a few seconds apart, a server's rate moves by a
 * third with what the host does meanwhile (bench/README.md, Targets).
 */
import { runLoad, type LoadOptions } from './load.ts';
import type { Server } from './server.ts';

export interface SideBySideOptions {
  /** The load of one server: its URL is made from its port and `path`. */
  load: Omit<LoadOptions, 'url'>;
  path: string;
  rounds: number;
}

export interface SideBySide {
  /** Each round's rate of `a` over `b`'s. */
  ratios: number[];
  /** Each round's CPU per answer of `b` over `a`'s (above 1: `a` does less work per answer). */
  cpuRatios: number[];
}

/** `rounds` runs of `a` and `b` loaded together; wrk's order alternates so neither always starts first. */
export async function sideBySide(a: Server, b: Server, { load, path, rounds }: SideBySideOptions): Promise<SideBySide> {
  const result: SideBySide = { ratios: [], cpuRatios: [] };
  for (let round = 0; round < rounds; round++) {
    const pair = round % 2 === 0 ? [a, b] : [b, a];
    const cpuBefore = pair.map((server) => server.cpuMs());
    const [first, second] = await Promise.all(pair.map((server) => runLoad({ ...load, url: `http://127.0.0.1:${server.port}${path}` })));
    const cpuUs = pair.map((server, i) => ((server.cpuMs() - cpuBefore[i]) * 1000) / Math.max(1, [first, second][i].requests));
    const [ofA, ofB] = round % 2 === 0 ? [first, second] : [second, first];
    const [cpuA, cpuB] = round % 2 === 0 ? cpuUs : [cpuUs[1], cpuUs[0]];
    result.ratios.push(ofA.rps / ofB.rps);
    result.cpuRatios.push(cpuB / cpuA);
  }
  return result;
}
