/** Worker thread: runs its share of the response jobs and reports the files it wrote. */
import { parentPort, workerData } from 'node:worker_threads';
import { runJob, type Job } from './generate.ts';
import { Localizer } from './localize.ts';
import { Responses } from './responses.ts';
import { DistWriter } from './writer.ts';
import type { Datasets } from '../types/datasets.ts';

const { data, staging, jobs } = workerData as { data: Datasets; staging: string; jobs: Job[] };
const writer = new DistWriter(staging);
const localizer = new Localizer(data.locales);
const responses = new Responses(data, localizer);
for (const job of jobs) {
  runJob(job, writer, responses, localizer);
  parentPort!.postMessage({ progress: writer.files.size });
}
parentPort!.postMessage({ files: [...writer.files], totalBytes: writer.totalBytes, compressedBytes: writer.compressedBytes });
