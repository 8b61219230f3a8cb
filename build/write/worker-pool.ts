/**
 * Spreads the response jobs over one worker thread per core: generating, hashing and compressing
 * every answer is CPU work, and a single thread leaves the other cores idle.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Job } from './generate.ts';
import type { ManifestFile } from './writer.ts';

export interface WorkerResult {
  files: [string, ManifestFile][];
  totalBytes: number;
  compressedBytes: number;
}

const WORKER_URL = new URL('./generate-worker.ts', import.meta.url).href;

/** `items` dealt out round-robin into one share per core (up to four), which keeps heavy items that come first spread evenly. */
export function sharesPerCore<T>(items: T[]): T[][] {
  const count = Math.max(1, Math.min(availableParallelism(), 4));
  return Array.from({ length: count }, (_, index) => items.filter((_, position) => position % count === index));
}

/**
 * Runs the module at `url` in a worker thread; resolves with the first message it posts that is not
 * `{ progress }`. Worker threads do not inherit tsx's loader; the bootstrap registers it first.
 */
export function runWorker<T>(url: string, workerData: unknown, onProgress?: (progress: number) => void): Promise<T> {
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}); })`;
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(bootstrap, { eval: true, workerData });
    worker.on('message', (message) => {
      if (message && typeof message === 'object' && 'progress' in message) onProgress?.(message.progress);
      else resolve(message);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code !== 0) reject(new Error(`worker ${url} exited with code ${code}`));
    });
  });
}

/** How far the workers are: jobs done (each worker reports once per job) and files written. */
export interface WorkerProgress {
  jobs: number;
  files: number;
}

export async function runInWorkers(options: {
  data: unknown;
  staging: string;
  jobs: Job[];
  onProgress?: (done: WorkerProgress) => void;
}): Promise<WorkerResult[]> {
  const shares = sharesPerCore(options.jobs);
  const files = new Array(shares.length).fill(0);
  let jobs = 0;
  return Promise.all(
    shares.map((share, index) =>
      runWorker<WorkerResult>(WORKER_URL, { data: options.data, staging: options.staging, jobs: share }, (count) => {
        files[index] = count;
        jobs += 1;
        options.onProgress?.({ jobs, files: files.reduce((sum, value) => sum + value, 0) });
      }),
    ),
  );
}
