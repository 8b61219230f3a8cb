/**
 * Before anything is timed: every server must give each workload the expected status and, where the
 * workload names a body, exactly those bytes (read with node:http, so nothing is decoded on the way).
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import type { Workload } from './workloads.ts';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function fetchRaw(port: number, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

export function requestHeaders(workload: Workload, key: string): Record<string, string> {
  return { Authorization: `Bearer ${workload.validKey ? key : 'wrong-key-0123456789abcdef'}`, ...workload.headers };
}

/** Checks every workload on one server; returns its answers by workload name, throws on any difference. */
export async function verify(server: { name: string; port: number }, workloads: Workload[], key: string): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  const problems: string[] = [];
  for (const workload of workloads) {
    const answer = await fetchRaw(server.port, workload.path, requestHeaders(workload, key));
    answers.set(workload.name, answer);
    if (answer.status !== workload.status) problems.push(`${workload.name}: status ${answer.status}, expected ${workload.status}`);
    if (workload.body && !answer.body.equals(workload.body)) {
      problems.push(`${workload.name}: ${answer.body.length} bytes differing from the expected ${workload.body.length}`);
    }
    const coding = answer.headers['content-encoding'];
    if (answer.status === 200 && coding !== workload.coding) problems.push(`${workload.name}: Content-Encoding ${coding}, expected ${workload.coding}`);
  }
  if (problems.length > 0) throw new Error(`${server.name} answers differ:\n  ${problems.join('\n  ')}`);
  console.log(`bench: ${server.name}: all ${workloads.length} workloads answer as expected, byte for byte`);
  return answers;
}
