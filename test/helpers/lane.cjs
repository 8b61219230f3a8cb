// One lane of the suite (helpers/run-suite.ts): a long-lived process that runs the test files it is sent,
// one at a time, with uvu as its command line would (tsx/cjs preloaded by the parent), so what a process
// memoizes (the validated data, the dist's digest) is paid once per lane, not per file. uvu must know it is
// deferred before anything loads it, strict-hooks included, or each suite would also run on a timer.
globalThis.UVU_DEFER = 1;
require('./strict-hooks.cjs');
const uvu = require('uvu');

const MARK = process.env.LANE_MARK;

/** CPU seconds of this process and of the children it has reaped (utime, stime, cutime, cstime; Linux only). */
function cpuSeconds() {
  try {
    const fields = require('node:fs').readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
  } catch {
    return Number.NaN;
  }
}

process.on('message', async (message) => {
  if (message.exit) process.exit(0);
  const { file, name } = message;
  const started = process.hrtime.bigint();
  const cpu = cpuSeconds();
  let failed = false;
  try {
    globalThis.UVU_QUEUE.length = 0;
    globalThis.UVU_QUEUE.push([name]);
    globalThis.UVU_INDEX = 0;
    require(file);
    await uvu.exec();
    failed = process.exitCode === 1;
  } catch (error) {
    console.error(error?.stack ?? error);
    failed = true;
  }
  process.exitCode = 0;
  // Both streams are pipes, written synchronously on Linux: the parent files what precedes the mark under this file.
  process.stdout.write(`${MARK}\n`);
  process.stderr.write(`${MARK}\n`);
  process.send({ file, failed, seconds: Number(process.hrtime.bigint() - started) / 1e9, cpu: cpuSeconds() - cpu });
});
process.send({ ready: true });
