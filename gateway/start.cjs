// The entry of `npm start`. It loads the TypeScript through tsx's require hook, which runs in this
// thread: no module-loader thread as with `--import tsx` (or the tsx CLI, a process more), so the
// gateway listens about 0.3 s sooner. Cluster workers start the same way (worker.cjs).
// A module not yet in tsx's cache (the first start after an install or a change) is compiled by
// esbuild. By default esbuild keeps a thread and a process of its own alive for that, in the primary
// and in each worker, for as long as they run: about 75 MB for two workers. With its worker threads
// off it runs once per module and exits (the first start takes about 0.1 s longer). Workers inherit this.
process.env.ESBUILD_WORKER_THREADS ??= '0';
require('tsx/cjs');
require('./start.ts');
