/** Worker thread: runs its share of the response jobs and reports the files it wrote. */
import { parentPort, workerData } from 'node:worker_threads';
import { runJob, type Job } from './generate.ts';
import { Localizer } from './localize.ts';
import { pathCodeTables } from './path-codes.ts';
import { Responses } from './responses.ts';
import { DistWriter } from './writer.ts';
import type { Datasets } from '../types/datasets.ts';

const { data, staging, jobs } = workerData as { data: Datasets; staging: string; jobs: Job[] };
const writer = new DistWriter(staging);
const localizer = new Localizer(data.locales);
const responses = new Responses(data, localizer);
const context = { writer, responses, localizer, tables: pathCodeTables(data), defaultLocale: localizer.defaultLocale };
for (const job of jobs) {
  runJob(job, context);
  parentPort!.postMessage({ progress: writer.files.size });
}
parentPort!.postMessage({ files: [...writer.files], totalBytes: writer.totalBytes, compressedBytes: writer.compressedBytes });
