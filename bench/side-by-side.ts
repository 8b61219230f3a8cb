/**
 * A target's two servers loaded at the same time, both pinned to one core and each driven by its own
 * load generator on the other: the kernel shares the core between them, so each answers with about half
 * of it and the ratio of their rates is the ratio of their work per answer, measured through the same
 * seconds of the same VM core. Measured in turn, even a few seconds apart, a server's rate moves by a
 * third with what the host does meanwhile (bench/README.md, Targets).
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
  /** Each round's CPU per answer of `b` over `a`'s (above 1: `a` does less work per answer). */
  cpuRatios: number[];
}

/** `rounds` runs of `a` and `b` loaded together; wrk's order alternates so neither always starts first. */
export async function sideBySide(a: Server, b: Server, { load, path, rounds }: SideBySideOptions): Promise<SideBySide> {
  const result: SideBySide = { ratios: [], cpuRatios: [] };
  for (let round = 0; round < rounds; round++) {
    const [cpuA, cpuB] = [a.cpuMs(), b.cpuMs()];
    const order = round % 2 === 0 ? [a, b] : [b, a];
    const runs = new Map(
      await Promise.all(order.map(async (server) => [server, await runLoad({ ...load, url: `http://127.0.0.1:${server.port}${path}` })] as const)),
    );
    const [ofA, ofB] = [runs.get(a)!, runs.get(b)!];
    result.ratios.push(ofA.rps / ofB.rps);
    result.cpuRatios.push(cpuUsPerAnswer(b, cpuB, ofB.requests) / cpuUsPerAnswer(a, cpuA, ofA.requests));
  }
  return result;
}
