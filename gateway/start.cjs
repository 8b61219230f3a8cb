// The entry of `npm start`. It loads the TypeScript through tsx's require hook, which runs in this
// thread: no module-loader thread as with `--import tsx` (or the tsx CLI, a process more), so the
// gateway listens about 0.3 s sooner. Cluster workers start the same way (worker.cjs).
require('tsx/cjs');
require('./start.ts');
