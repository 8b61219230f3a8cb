/**
 * Worker thread of unpack-dist: writes its share of a release's files with their .br/.gz copies,
 * through the build's own DistWriter (so the copies are made exactly as a build makes them), and
 * reports the entry each file would have in a manifest.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DistWriter } from '../write/writer.ts';

const { dir, files } = workerData as { dir: string; files: { path: string; bytes: Uint8Array }[] };
const writer = new DistWriter(dir);
for (const { path, bytes } of files) writer.writeFile(path, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), { requests: [] });
parentPort!.postMessage([...writer.files]);
