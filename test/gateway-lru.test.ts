import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SizeBoundedLru } from '../gateway/lru.ts';

const lru = suite('SizeBoundedLru');

/** Which of `keys` are still held (asking touches each, in the order given). */
const held = (cache: SizeBoundedLru<string>, keys: string[]) => keys.filter((key) => cache.get(key) !== undefined);

lru('should evict the least recently used entries once over budget', () => {
  const cache = new SizeBoundedLru<string>(3);
  for (const key of ['a', 'b', 'c']) cache.set(key, key, 1);
  cache.get('a');
  cache.set('d', 'd', 1);
  assert.is(cache.get('b'), undefined);
  assert.equal(['a', 'c', 'd'].map((key) => cache.get(key)), ['a', 'c', 'd']);
});

lru('should keep an entry asked for again and again (the newest) as the most recent', () => {
  const cache = new SizeBoundedLru<string>(2);
  cache.set('a', 'a', 1);
  cache.set('b', 'b', 1);
  cache.get('a');
  cache.get('a');
  cache.set('c', 'c', 1); // evicts b, not a
  assert.equal(held(cache, ['a', 'b', 'c']), ['a', 'c']);
});

lru('should still order entries right after the newest was deleted and set again', () => {
  const cache = new SizeBoundedLru<string>(2);
  cache.set('a', 'a', 1);
  cache.set('b', 'b', 1);
  cache.delete('b');
  cache.set('b', 'b2', 1);
  cache.get('a');
  cache.set('c', 'c', 1); // evicts b: a was used after it
  assert.is(cache.get('b'), undefined);
  assert.is(cache.get('a'), 'a');
});

lru('should refuse a value larger than the whole budget, keeping the rest', () => {
  const cache = new SizeBoundedLru<string>(2);
  cache.set('a', 'a', 1);
  cache.set('big', 'big', 3);
  assert.is(cache.get('big'), undefined);
  assert.is(cache.get('a'), 'a');
});

lru('should tell `released` the size of each value it lets go of: pushed out, replaced or deleted', () => {
  const released: number[] = [];
  const cache = new SizeBoundedLru<string>(5, { released: (size) => released.push(size) });
  cache.set('a', 'a', 2);
  cache.set('b', 'b', 3);
  cache.set('c', 'c', 1); // pushes a out
  cache.set('b', 'b2', 2); // replaces b
  cache.delete('c');
  cache.delete('missing');
  cache.set('huge', 'huge', 6); // never held
  assert.equal(released, [2, 3, 1]);
});

lru.run();
