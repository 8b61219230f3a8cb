/** What the build says while it runs (build/lib/progress.ts): a bar redrawn in place on a terminal, plain lines in a log. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { progressOn } from '../build/lib/progress.ts';

/** A stream that keeps what is written to it, a terminal or not. */
function stream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
}

/** The stages of a build, as build/build.ts says them. */
function runStages(out: ReturnType<typeof stream>): void {
  const progress = progressOn(out, 'build: ');
  progress.line('validating data/');
  progress.line('writing the answers');
  for (let done = 1; done <= 4; done++) progress.bar(done, 4, `jobs, ${done * 100} files`);
  progress.line('wrote 400 answer files');
}

const progress = suite('build progress');

progress('should write plain lines without a bar or a carriage return when the output is not a terminal (CI, a log)', () => {
  const out = stream(false);
  runStages(out);
  assert.equal(out.written.join(''), 'build: validating data/\nbuild: writing the answers\nbuild: wrote 400 answer files\n');
});

progress('should redraw a bar in place on a terminal, and erase it before the next line', () => {
  const out = stream(true);
  runStages(out);
  const bars = out.written.filter((text) => text.startsWith('\rbuild: ['));
  assert.is(bars.length, 4);
  assert.match(bars[0], /\[#{8}\.{22}\] 1\/4 jobs, 100 files/);
  assert.match(bars[3], /\[#{30}\] 4\/4 jobs, 400 files/);
  assert.is(out.written.at(-1), '\r\x1b[Kbuild: wrote 400 answer files\n');
  assert.is(out.written[1], 'build: writing the answers\n', 'a line with no bar before it is written as it is');
});

progress('should keep the bar within its width when told more is done than the total', () => {
  const out = stream(true);
  progressOn(out, 'build: ').bar(9, 4, '');
  assert.match(out.written[0], /\[#{30}\] 9\/4/);
});

progress.run();
