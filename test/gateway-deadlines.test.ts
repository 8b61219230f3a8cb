import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { deadlines, tickFor } from '../gateway/deadlines.ts';

/** Deadlines on a timer moved by hand: `tick()` is one tick of `tickMs`; `running` whether the timer runs. */
function handClock(tickMs: number) {
  let tick: (() => void) | undefined;
  let starts = 0;
  const make = deadlines({
    tickMs,
    every: (run, ms) => {
      assert.is(ms, tickMs);
      tick = run;
      starts++;
      return () => { tick = undefined; };
    },
  });
  return { make, tick: () => tick?.(), running: () => tick !== undefined, starts: () => starts };
}

const expiry = suite('deadlines');

// [ms asked, tick] -> the ticks after which it has expired: never before `ms` has passed, at most a tick later.
const EXPIRES: [ms: number, tickMs: number, ticks: number][] = [
  [100, 25, 5],
  [101, 25, 6],
  [1, 1000, 2],
  [5000, 1000, 6],
  [0, 50, 1],
];
for (const [ms, tickMs, ticks] of EXPIRES) {
  expiry(`should expire ${ms} ms with ${tickMs} ms ticks after ${ticks} ticks, not one before`, () => {
    const clock = handClock(tickMs);
    let expired = 0;
    clock.make(() => expired++).after(ms);
    for (let i = 1; i < ticks; i++) clock.tick();
    assert.is(expired, 0, `not after ${ticks - 1} ticks`);
    // The tick before the first may come at once: at least (ticks - 1) whole ticks pass.
    assert.ok((ticks - 1) * tickMs >= ms);
    clock.tick();
    assert.is(expired, 1);
    for (let i = 0; i < 10; i++) clock.tick();
    assert.is(expired, 1, 'once');
  });
}

expiry('should replace a deadline set again', () => {
  const clock = handClock(100);
  let expired = 0;
  const deadline = clock.make(() => expired++);
  deadline.after(100);
  clock.tick();
  deadline.after(100);
  clock.tick();
  assert.is(expired, 0, 'set again: counted from then');
  clock.tick();
  assert.is(expired, 1);
});

expiry('should never call a removed deadline, and run the timer only while one is watched', () => {
  const clock = handClock(10);
  assert.not.ok(clock.running());
  const calls: string[] = [];
  const first = clock.make(() => calls.push('first'));
  const second = clock.make(() => calls.push('second'));
  assert.is(clock.starts(), 1, 'one timer for all');
  first.after(10);
  second.after(10);
  first.remove();
  clock.tick();
  clock.tick();
  assert.equal(calls, ['second']);
  second.remove();
  assert.not.ok(clock.running(), 'stopped with none watched');
  clock.make(() => calls.push('third')).after(0);
  assert.is(clock.starts(), 2);
  clock.tick();
  assert.equal(calls, ['second', 'third']);
});

expiry('should let a deadline expiring remove others, and set itself again', () => {
  const clock = handClock(10);
  const calls: string[] = [];
  const self = clock.make(() => {
    calls.push('self');
    other.remove();
    self.after(10);
  });
  const other = clock.make(() => calls.push('other'));
  self.after(0);
  other.after(0);
  clock.tick();
  clock.tick();
  clock.tick();
  assert.equal(calls, ['self', 'self']);
});

expiry('should refuse a tick that is not a positive number', () => {
  for (const tickMs of [0, -1, Number.NaN]) assert.throws(() => deadlines({ tickMs }), /tickMs must be positive/);
});

const ticks = suite('tickFor');
const TICKS: [timeoutsMs: number[], tickMs: number][] = [
  [[10_000, 5_000, 30_000], 1000],
  [[1000, 300, 2000], 75],
  [[40], 25],
  [[3600_000], 1000],
];
for (const [timeoutsMs, tickMs] of TICKS) {
  ticks(`should tick every ${tickMs} ms for timeouts of ${timeoutsMs.join(', ')} ms`, () => {
    assert.is(tickFor(...timeoutsMs), tickMs);
  });
}

expiry.run();
ticks.run();
