import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bufferedLog } from '../gateway/log-sink.ts';

const sink = suite('buffered request log');
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

sink('should write the lines of one event-loop turn together, after it', async () => {
  const writes: string[] = [];
  const { log } = bufferedLog((text) => writes.push(text));
  log('a');
  log('b');
  assert.equal(writes, []);
  await nextTurn();
  assert.equal(writes, ['a\nb\n']);
  log('c');
  await nextTurn();
  assert.equal(writes, ['a\nb\n', 'c\n']);
});

sink('should write whole lines of at most 4 KiB each, so workers sharing a pipe never interleave mid-line', async () => {
  const writes: string[] = [];
  const { log } = bufferedLog((text) => writes.push(text));
  const lines = Array.from({ length: 500 }, (_, i) => `GET /v1/countries/${i} 200 0.1ms key=é…${'x'.repeat(i % 50)}`);
  for (const line of lines) log(line);
  await nextTurn();
  assert.ok(writes.length > 1);
  for (const text of writes) {
    assert.ok(Buffer.byteLength(text) <= 4096, `${Buffer.byteLength(text)} bytes`);
    assert.ok(text.endsWith('\n'));
  }
  assert.equal(writes.join('').split('\n').slice(0, -1), lines);
});

sink('should write what is pending on flush, at once', () => {
  const writes: string[] = [];
  const { log, flush } = bufferedLog((text) => writes.push(text));
  log('last words');
  flush();
  assert.equal(writes, ['last words\n']);
});

sink.run();
