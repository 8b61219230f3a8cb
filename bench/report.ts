/**
 * Medians over rounds, the results table (Markdown, so it can be pasted into bench/README.md) and the
 * targets of issue 5, each marked met or missed.
 */
import type { LoadResult } from './load.ts';
import type { ColdStart } from './gateway.ts';

export interface Sample extends LoadResult { rss: number }
export type Results = Map<string, Map<string, Sample[]>>; // workload -> server -> rounds

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function medianSample(samples: Sample[]): Sample {
  const of = (field: keyof Sample) => median(samples.map((sample) => sample[field]));
  return { rps: of('rps'), p50: of('p50'), p99: of('p99'), non2xx: of('non2xx'), errors: of('errors'), rss: of('rss') };
}

const k = (rps: number) => `${(rps / 1000).toFixed(1)}k`;
const ms = (value: number) => (value < 1 ? `${(value * 1000).toFixed(0)} us` : `${value.toFixed(2)} ms`);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

export function table(results: Results, servers: string[]): string {
  const others = servers.filter((name) => name !== 'gateway');
  const head = ['workload', ...servers.map((name) => `${name} req/s`), ...others.map((name) => `gateway / ${name}`),
    ...servers.map((name) => `${name} p50 / p99`), ...servers.map((name) => `${name} RSS`)];
  const rows = [...results].map(([workload, byServer]) => {
    const m = new Map(servers.map((name) => [name, medianSample(byServer.get(name)!)]));
    const gateway = m.get('gateway')!;
    return [workload, ...servers.map((name) => k(m.get(name)!.rps)), ...others.map((name) => `${(gateway.rps / m.get(name)!.rps).toFixed(2)}x`),
      ...servers.map((name) => `${ms(m.get(name)!.p50)} / ${ms(m.get(name)!.p99)}`), ...servers.map((name) => mb(m.get(name)!.rss))];
  });
  return [head, head.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}

export interface TargetInput {
  results: Results;
  baseline: string;
  small: string;
  cold: ColdStart;
  /** Peak RSS while filling every cache: after the timed rounds, and on a gateway just started. */
  filledRss: [afterLoad: number, fresh: number];
}

export function targets({ results, baseline, small, cold, filledRss }: TargetInput): string[] {
  const rps = (workload: string, server = 'gateway') => medianSample(results.get(workload)!.get(server)!).rps;
  const ratio = (workload: string) => rps(workload) / rps(workload, baseline);
  const lines: [boolean, string][] = [];
  for (const workload of [small, 'list', 'list, br']) {
    lines.push([ratio(workload) >= 0.8, `${workload}: ${ratio(workload).toFixed(2)}x ${baseline} (target >= 0.8x)`]);
  }
  const search = rps('search') / rps(small);
  lines.push([search >= 0.5, `search: ${search.toFixed(2)}x the gateway's ${small} rate (target >= 0.5x)`]);
  const worstP99 = Math.max(...[...results.values()].map((byServer) => medianSample(byServer.get('gateway')!).p99));
  lines.push([worstP99 <= 10, `worst gateway p99 over all workloads: ${ms(worstP99)} (target <= 10 ms)`]);
  for (const error of ['401', '404']) {
    const relative = rps(error) / rps(small);
    lines.push([relative >= 1, `${error}: ${relative.toFixed(2)}x the ${small} rate (target >= 1x)`]);
  }
  const [afterLoad, fresh] = filledRss;
  lines.push([Math.max(afterLoad, fresh) < 400 * 2 ** 20,
    `gateway RSS with every cache full: ${mb(afterLoad)} after the timed rounds, ${mb(fresh)} just started (target < 400 MB)`]);
  const coldest = Math.max(cold.healthz, cold.data);
  lines.push([coldest < 1000, `cold start to first 200: /healthz ${cold.healthz.toFixed(0)} ms, data ${cold.data.toFixed(0)} ms (target < 1000 ms)`]);
  return lines.map(([met, line]) => `${met ? 'met   ' : 'MISSED'} ${line}`);
}
