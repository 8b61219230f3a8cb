import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { collector } from '../gateway/collector.ts';

const collecting = suite('collector');

/** A collector on a clock moved by hand, whose collections take `takesMs` each; tasks run when `runDue` is called. */
function rig({ everyBytes = 100, maxShare = 0.1, takesMs = 10 } = {}) {
  let clock = 0;
  const collections: number[] = [];
  const tasks: { at: number; task: () => void }[] = [];
  const release = collector({
    everyBytes,
    maxShare,
    collect: () => {
      collections.push(clock);
      clock += takesMs;
    },
    now: () => clock,
    schedule: (task, delayMs) => tasks.push({ at: clock + delayMs, task }),
  });
  const runDue = () => {
    for (const due of tasks.filter(({ at }) => at <= clock)) {
      tasks.splice(tasks.indexOf(due), 1);
      due.task();
    }
  };
  return { release, collections, tasks, runDue, advance: (ms: number) => { clock += ms; } };
}

collecting('should collect once the bytes released reach the threshold, and not before', () => {
  const { release, collections, runDue } = rig();
  release(60);
  runDue();
  assert.equal(collections, []);
  release(40);
  runDue();
  assert.equal(collections, [0]);
});

collecting('should collect once for all that is released before the collection runs', () => {
  const { release, collections, tasks, runDue } = rig();
  for (let i = 0; i < 5; i++) release(100);
  assert.is(tasks.length, 1);
  runDue();
  assert.equal(collections, [0]);
  release(60);
  runDue();
  assert.equal(collections, [0], 'the count starts again after a collection');
});

collecting('should wait after a collection until collecting has taken no more than its share of time', () => {
  const { release, collections, tasks, runDue, advance } = rig({ maxShare: 0.1, takesMs: 10 });
  release(100);
  runDue(); // collects at 0, done at 10: the next may start at 10 + 90
  release(100);
  assert.equal(tasks.map(({ at }) => at), [100]);
  advance(89);
  runDue();
  assert.equal(collections, [0]);
  advance(1);
  runDue();
  assert.equal(collections, [0, 100]);
});

collecting('should do nothing where no collection is exposed (node without --expose-gc)', () => {
  const release = collector({ everyBytes: 1, maxShare: 0.1, collect: undefined, schedule: () => assert.unreachable('scheduled') });
  release(10);
});

collecting.run();
