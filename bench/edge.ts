/**
 * The edge in the bench: `npm run edge` (the Worker as wrangler bundles it, on workerd through Miniflare)
 * as a child process with the bench's key and dist, its upload made in the bench's own folder. Local
 * workerd is one process on this machine, not the CDN: no cache in front, no network between, no
 * platform doing the compression; its figures compare the runtime with the other tiers, nothing more.
 * workerd compresses with its own brotli, so a body is checked once decoded, not byte for byte.
 */
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ROOT } from './dist.ts';
import { startServer, type Server } from './server.ts';
import { fetchRaw, requestHeaders } from './verify.ts';
import type { Workload } from './workloads.ts';

export async function startEdge(options: { distDir: string; dir: string; port: number; key: string }): Promise<Server> {
  const server = await startServer({
    name: 'edge',
    command: process.execPath,
    args: ['--import', 'tsx', join(ROOT, 'edge', 'node', 'cli.ts'), 'serve'],
    port: options.port,
    env: {
      HOME: process.env.HOME ?? '/tmp',
      API_KEYS: options.key,
      DIST_DIR: options.distDir,
      EDGE_UPLOAD_DIR: join(options.dir, 'edge-upload'),
      HOST: '127.0.0.1',
      PORT: String(options.port),
    },
    readyPath: '/healthz',
    readyStatus: 200,
    log: join(options.dir, 'edge.log'),
  });
  console.log(`bench: edge ready in ${(server.readyMs / 1000).toFixed(1)} s (upload, wrangler's dry run, workerd)`);
  return server;
}

const decoded = (body: Buffer, coding: string | undefined) => (coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body);

/** As verify(), but bodies compared once decoded, each by the coding its answer names. */
export async function verifyDecoded(server: Server, workloads: Workload[], key: string): Promise<void> {
  const problems: string[] = [];
  for (const workload of workloads) {
    const answer = await fetchRaw(server.port, workload.path, requestHeaders(workload, key));
    if (answer.status !== workload.status) problems.push(`${workload.name}: status ${answer.status}, expected ${workload.status}`);
    const coding = answer.headers['content-encoding'];
    if (workload.body && !decoded(answer.body, coding).equals(decoded(workload.body, workload.coding))) {
      problems.push(`${workload.name}: the ${coding ?? 'plain'} body does not decode to the expected one`);
    }
  }
  if (problems.length > 0) throw new Error(`${server.name} answers differ:\n  ${problems.join('\n  ')}`);
  console.log(`bench: ${server.name}: all ${workloads.length} workloads answer as expected, bodies compared decoded`);
}
