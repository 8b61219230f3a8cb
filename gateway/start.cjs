// The entry of `npm start`, and of each cluster worker: main.ts loaded through tsx's require hook,
// which runs in this thread (no module-loader thread as with `--import tsx`, nor a process more as
// with the tsx CLI), so the gateway listens sooner. A module not yet in tsx's cache (a first start
// after an install or a change) is compiled by esbuild, which by default keeps a thread and a process
// alive for the rest of the run, in every worker. With its worker threads off it runs once per module
// and exits, for a first start a little longer (figures: bench/README.md).
process.env.ESBUILD_WORKER_THREADS ??= '0';
require('tsx/cjs');
require('./main.ts');
