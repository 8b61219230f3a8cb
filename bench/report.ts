/**
 * Medians over rounds, the results as Markdown tables (to paste into bench/README.md), and the
 * targets (bench/README.md), each marked met or missed. Every comparison is a ratio within one run:
 * the median over rounds of the two servers' ratio in each round.
 */
import type { LoadResult } from './load.ts';
import type { ColdStart } from './gateway.ts';
import { cpuRatio, type SideBySide } from './side-by-side.ts';

export interface Sample extends LoadResult {
  rss: number;
  /** The server's CPU time (every process of it) per answer, in microseconds. */
  cpuUs: number;
}
export type Results = Map<string, Map<string, Sample[]>>; // workload -> server -> rounds

/** Each target's two servers, measured side by side in every round (run.ts). */
export const PAIRS: [string, string][] = [
  ['gateway', 'node:http'],
  ['nginx', 'nginx plain'],
];

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function medianSample(samples: Sample[]): Sample {
  const of = (field: keyof Sample) => median(samples.map((sample) => sample[field]));
  return {
    rps: of('rps'),
    requests: of('requests'),
    p50: of('p50'),
    p99: of('p99'),
    non2xx: of('non2xx'),
    errors: of('errors'),
    rss: of('rss'),
    cpuUs: of('cpuUs'),
  };
}

/**
 * `a` against `b` on one workload: the median over rounds of each round's ratio, with the lowest and the
 * highest. `field` per answer (CPU) is inverted, so above 1 always means `a` is the faster.
 */
export function pairedRatio(byServer: Map<string, Sample[]>, a: string, b: string, field: 'rps' | 'cpuUs' = 'rps') {
  const [as, bs] = [byServer.get(a)!, byServer.get(b)!];
  const ratios = as.map((sample, round) => (field === 'rps' ? sample.rps / bs[round].rps : bs[round].cpuUs / sample.cpuUs));
  return { median: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) };
}

const k = (rps: number) => `${(rps / 1000).toFixed(1)}k`;
const ms = (value: number) => (value < 1 ? `${(value * 1000).toFixed(0)} us` : `${value.toFixed(2)} ms`);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const markdown = (rows: string[][]) => [rows[0], rows[0].map(() => '---'), ...rows.slice(1)].map((row) => `| ${row.join(' | ')} |`).join('\n');

/** `ratios`: [numerator, denominator] server names, each a column where both were measured. */
export function tables(results: Results, servers: string[], ratios: [string, string][]): string {
  const shown = ratios.filter(([a, b]) => servers.includes(a) && servers.includes(b));
  const rate = markdown([
    ['workload', ...servers.map((name) => `${name} req/s`), ...shown.map(([a, b]) => `${a} / ${b}`)],
    ...[...results].map(([workload, byServer]) => {
      const rps = (name: string) => medianSample(byServer.get(name)!).rps;
      return [workload, ...servers.map((name) => k(rps(name))), ...shown.map(([a, b]) => `${pairedRatio(byServer, a, b).median.toFixed(2)}x`)];
    }),
  ]);
  const latency = markdown([
    ['workload', ...servers.map((name) => `${name} p50 / p99`), ...servers.map((name) => `${name} RSS`)],
    ...[...results].map(([workload, byServer]) => {
      const m = servers.map((name) => medianSample(byServer.get(name)!));
      return [workload, ...m.map((sample) => `${ms(sample.p50)} / ${ms(sample.p99)}`), ...m.map((sample) => mb(sample.rss))];
    }),
  ]);
  // Work per answer: what a server costs its machine, whichever side of the load the CPU went to in a round.
  const cpu = markdown([
    ['workload', ...servers.map((name) => `${name} CPU/answer`), ...shown.map(([a, b]) => `${a} / ${b} by CPU`)],
    ...[...results].map(([workload, byServer]) => {
      const us = (name: string) => medianSample(byServer.get(name)!).cpuUs;
      return [
        workload,
        ...servers.map((name) => `${us(name).toFixed(1)} us`),
        ...shown.map(([a, b]) => `${pairedRatio(byServer, a, b, 'cpuUs').median.toFixed(2)}x`),
      ];
    }),
  ]);
  return `${rate}\n\n${latency}\n\n${cpu}`;
}

export interface TargetInput {
  results: Results;
  /** Each pair's side-by-side runs (`a/b` -> workload -> runs), where the servers were pinned to one core: the ratio a target is held to. */
  together: Map<string, Map<string, SideBySide>>;
  /** The raw node:http server answering the same bytes from a Map, with as many workers. */
  reference: string;
  /** The same answers from the one middleware of a Polka app: what any Polka gateway can reach at most. */
  ceiling: string;
  small: string;
  cold: ColdStart;
  /** Peak RSS while filling every cache: after the timed rounds, and on a gateway just started. */
  filledRss: [afterLoad: number, fresh: number];
}

export function targets({ results, together, reference, ceiling, small, cold, filledRss }: TargetInput): string[] {
  const rps = (workload: string, server = 'gateway') => medianSample(results.get(workload)!.get(server)!).rps;
  const lines: [boolean, string][] = [];
  const range = (values: number[]) => `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}x`;
  /** `a` against `b` on `workload`: side by side where measured (the target), else in turn; the other figures beside it. */
  const ratioLine = (workload: string, a: string, b: string, extra = ''): [boolean, string] => {
    const inTurn = pairedRatio(results.get(workload)!, a, b);
    const side = together.get(`${a}/${b}`)?.get(workload);
    const inTurnText = `in turn ${inTurn.median.toFixed(2)}x, rounds ${range([inTurn.low, inTurn.high])}`;
    if (!side) return [inTurn.median >= 0.8, `${workload}: ${a} ${inTurn.median.toFixed(2)}x ${b} (target >= 0.8x; ${inTurnText}${extra})`];
    // Over several starts of the pair, the median of each start's: a process's own speed is part of a start's figure.
    const byStart = side.starts?.map(median);
    const ratio = median(byStart ?? side.ratios);
    const startsText = byStart ? `${byStart.length} starts ${range(byStart)}, ` : '';
    return [
      ratio >= 0.8,
      `${workload}: ${a} ${ratio.toFixed(2)}x ${b} side by side (target >= 0.8x; ${startsText}rounds ${range(side.ratios)}; by CPU ${median(side.cpuUs.map(cpuRatio)).toFixed(2)}x; ${inTurnText}${extra})`,
    ];
  };
  for (const [workload, byServer] of results) {
    const polkaRatio = pairedRatio(byServer, ceiling, reference).median;
    lines.push(ratioLine(workload, 'gateway', reference, `; ${ceiling} alone ${polkaRatio.toFixed(2)}x in turn`));
  }
  for (const error of ['401', '404']) {
    const relative = rps(error) / rps(small);
    lines.push([relative >= 0.9, `${error}: ${relative.toFixed(2)}x the gateway's ${small} rate (target >= 0.9x)`]);
  }
  const worstP99 = (server: string) => Math.max(...[...results.values()].map((byServer) => medianSample(byServer.get(server)!).p99));
  lines.push([
    worstP99('gateway') <= 10,
    `worst gateway p99 over all workloads: ${ms(worstP99('gateway'))} (target <= 10 ms; ${reference}'s worst ${ms(worstP99(reference))})`,
  ]);
  const [afterLoad, fresh] = filledRss;
  lines.push([
    Math.max(afterLoad, fresh) < 400 * 2 ** 20,
    `gateway RSS with every cache full: ${mb(afterLoad)} after the timed rounds, ${mb(fresh)} just started (target < 400 MB)`,
  ]);
  // nginx at the speed of nginx: the generated config against plain nginx serving the same files.
  // Every workload but search, which nginx passes to the gateway.
  for (const workload of results.keys()) {
    if (workload === 'search' || !results.get(workload)?.get('nginx plain')?.length) continue;
    lines.push(ratioLine(workload, 'nginx', 'nginx plain'));
  }
  const coldest = Math.max(cold.healthz, cold.data);
  lines.push([coldest < 1000, `cold start to first 200: /healthz ${cold.healthz.toFixed(0)} ms, data ${cold.data.toFixed(0)} ms (target < 1000 ms)`]);
  return lines.map(([met, line]) => `${met ? 'met   ' : 'MISSED'} ${line}`);
}
