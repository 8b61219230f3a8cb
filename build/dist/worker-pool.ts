/**
 * Spreads the response jobs over one worker thread per core: generating, hashing and compressing
 * 75,000 files is CPU work, and a single thread leaves the second core idle.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Job } from './generate.ts';
import type { ManifestFile } from './writer.ts';

export interface WorkerResult { files: [string, ManifestFile][]; totalBytes: number; compressedBytes: number }

// Worker threads do not inherit tsx's loader; the bootstrap registers it before loading the worker.
const WORKER_URL = new URL('./generate-worker.ts', import.meta.url).href;
const BOOTSTRAP = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL)}); })`;

export async function runInWorkers(options: { data: unknown; staging: string; jobs: Job[]; onProgress?: (files: number) => void }): Promise<WorkerResult[]> {
  const count = Math.max(1, Math.min(availableParallelism(), 4));
  // Round-robin keeps the heavy list jobs (first in the list) spread evenly.
  const shares = Array.from({ length: count }, (_, index) => options.jobs.filter((_, position) => position % count === index));
  const progress = new Array(count).fill(0);
  return Promise.all(shares.map((jobs, index) => new Promise<WorkerResult>((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { data: options.data, staging: options.staging, jobs } });
    worker.on('message', (message) => {
      if ('progress' in message) {
        progress[index] = message.progress;
        options.onProgress?.(progress.reduce((sum, value) => sum + value, 0));
      } else resolve(message);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => { if (code !== 0) reject(new Error(`build worker exited with code ${code}`)); });
  })));
}
