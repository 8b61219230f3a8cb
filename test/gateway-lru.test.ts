import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SizeBoundedLru } from '../contract/lru.ts';

const lru = suite('SizeBoundedLru');

/** Which of `keys` are still held (asking touches each, in the order given). */
const held = (cache: SizeBoundedLru<string>, keys: string[]) => keys.filter((key) => cache.get(key) !== undefined);

lru('should evict the least recently used entries once over budget', () => {
  const cache = new SizeBoundedLru<string>(3);
  for (const key of ['a', 'b', 'c']) cache.set(key, key, 1);
  cache.get('a');
  cache.set('d', 'd', 1);
  assert.is(cache.get('b'), undefined);
  assert.equal(
    ['a', 'c', 'd'].map((key) => cache.get(key)),
    ['a', 'c', 'd'],
  );
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

lru.run();
