// The entry of a cluster worker (see cluster.ts). It loads the TypeScript through tsx's require hook,
// which runs in this thread: no module-loader thread as with `--import tsx`, so a worker starts sooner
// and takes less memory. The primary runs under tsx as `npm start` starts it.
require('tsx/cjs');
require('./worker.ts');
