import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findKey, sameHeader } from '../gateway/auth.ts';
import { keysFromList } from '../launch/keys.ts';
import { startGateway, TEST_KEY, type Gateway } from './helpers/gateway.ts';
import { prng } from './helpers/prng.ts';

const OTHER_KEYS = ['another-key-0123456789abcdef', 'a-third-key-which-is-quite-a-bit-longer-0123456789'];
const flip = (char: string) => (char === 'x' ? 'y' : 'x');
/** `key` with every character from `from` on changed: the first `from` characters match. */
const matching = (key: string, from: number) => key.slice(0, from) + [...key.slice(from)].map(flip).join('');

// Wrong keys that differ in how much of the configured key they match, and in length.
const WRONG: [what: string, key: string][] = [
  ['nothing matched', matching(TEST_KEY, 0)],
  ['the first half matched', matching(TEST_KEY, TEST_KEY.length / 2)],
  ['all but the last character matched', matching(TEST_KEY, TEST_KEY.length - 1)],
  ['one character short', TEST_KEY.slice(0, -1)],
  ['one character long', `${TEST_KEY}x`],
  ['a quarter of the length', TEST_KEY.slice(0, 8)],
  ['ten times the length', TEST_KEY.repeat(10)],
];

// Keys are compared as SHA-256 digests with crypto.timingSafeEqual: every configured key, 32 bytes
// against 32 bytes, whatever was presented. On a kept-alive connection the header is first compared
// with the last one seen there (sameHeader, auth.ts: its time is measured below). Watched on the real
// gateway over HTTP.
const comparison = suite('keys (constant-time comparison)');
let gateway: Gateway;
const calls: [number, number][] = [];
const original = crypto.timingSafeEqual;
comparison.before(async () => {
  crypto.timingSafeEqual = (a, b) => {
    calls.push([a.byteLength, b.byteLength]);
    return original(a, b);
  };
  syncBuiltinESMExports(); // for a named import of it under an ESM loader, too
  gateway = await startGateway({ API_KEYS: [TEST_KEY, ...OTHER_KEYS].join(',') });
});
comparison.after(async () => {
  crypto.timingSafeEqual = original;
  syncBuiltinESMExports();
  await gateway.close();
});

for (const [what, key] of [...WRONG, ['the right key', TEST_KEY]] as [string, string][]) {
  comparison(`should compare ${what} with all 3 keys as 32-byte digests with timingSafeEqual`, async () => {
    calls.length = 0;
    const reply = await gateway.request('/v1/countries/BR', { key });
    assert.is(reply.status, key === TEST_KEY ? 200 : 401);
    assert.equal(calls, [
      [32, 32],
      [32, 32],
      [32, 32],
    ]);
  });
}

comparison('should compare a header repeated on a kept-alive connection only with the last one there, not with the keys', async () => {
  // node:http's global agent sends the second request on the connection of the first.
  assert.is((await gateway.request('/v1/countries/BR')).status, 200);
  calls.length = 0;
  assert.is((await gateway.request('/v1/countries/BR')).status, 200);
  assert.equal(calls, []);
});

comparison('should refuse a missing or malformed key without comparing it with any key', async () => {
  calls.length = 0;
  assert.is((await gateway.request('/v1/countries/BR', { key: null })).status, 401);
  assert.is((await gateway.request('/v1/countries/BR', { key: null, headers: { Authorization: `Basic ${TEST_KEY}` } })).status, 400);
  assert.is((await gateway.request('/v1/countries/BR', { key: `${TEST_KEY} ${TEST_KEY}` })).status, 400);
  assert.equal(calls, []);
});

comparison.run();

const same = suite('sameHeader');
const LAST = `Bearer ${TEST_KEY}`;
const SAME_CASES: [what: string, presented: string, last: string, expected: boolean][] = [
  ['the same header', LAST, LAST, true],
  ['both empty', '', '', true],
  ['the last character changed', `${LAST.slice(0, -1)}${flip(LAST.at(-1)!)}`, LAST, false],
  ['the first character changed', `b${LAST.slice(1)}`, LAST, false],
  ['one character short', LAST.slice(0, -1), LAST, false],
  ['one character long', `${LAST}x`, LAST, false],
  ['empty against a header', '', LAST, false],
  ['a header against an empty one', LAST, '', false],
];
for (const [what, presented, last, expected] of SAME_CASES) {
  same(`should answer ${expected} for ${what}`, () => {
    assert.is(sameHeader(presented, last), expected);
  });
}
same.run();

// The time findKey and sameHeader take, measured: many batches of each kind of input interleaved in a
// shuffled order, compared by their medians with a margin no machine noise reaches. Keys of up to 55
// bytes hash in one SHA-256 block, so no honest difference is expected between these at all.
const measured = suite('keys (timing, measured)');
const ROUNDS = 41;
const BATCH = 1000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each class's median time per call against its round's median, over ROUNDS shuffled rounds of BATCH calls: the slowest over the fastest. */
function spread(classes: [what: string, input: string][], call: (input: string) => void): { ratio: number; medians: Record<string, number> } {
  const samples = new Map(classes.map(([what]) => [what, [] as number[]]));
  const random = prng(42);
  const time = (input: string) => {
    const started = process.hrtime.bigint();
    for (let i = 0; i < BATCH; i++) call(input);
    return Number(process.hrtime.bigint() - started) / BATCH;
  };
  for (const [, key] of classes) time(key); // warm up
  for (let round = 0; round < ROUNDS; round++) {
    const order = classes.map((entry) => ({ entry, at: random() })).sort((a, b) => a.at - b.at);
    const taken = new Map(order.map(({ entry: [what, key] }) => [what, time(key)]));
    // Each class against the round's median: a machine busy for a whole round (a neighbour's burst, a
    // slower clock) moves every class of it alike, and drops out.
    const middle = median([...taken.values()]);
    for (const [what, ns] of taken) samples.get(what)!.push(ns / middle);
  }
  const medians = [...samples].map(([what, values]) => [what, median(values)] as const);
  const ratios = medians.map(([, ratio]) => ratio);
  return { ratio: Math.max(...ratios) / Math.min(...ratios), medians: Object.fromEntries(medians) };
}

measured('should take the same time for a wrong key whatever part of it matches, within a wide margin', () => {
  const keys = keysFromList([TEST_KEY, ...OTHER_KEYS].join(','));
  const { ratio, medians } = spread(
    WRONG.filter(([, key]) => key.length < 56),
    (key) => {
      if (findKey(keys, key)) throw new Error('a wrong key was accepted');
    },
  );
  assert.ok(ratio < 1.5, `median time per call against its round's median: ${JSON.stringify(medians)}`);
});

measured('should compare a header with the last one in the same time whatever part of it matches, within a wide margin', () => {
  const { ratio, medians } = spread(
    [0, LAST.length / 2, LAST.length - 1].map((from) => [`matching ${from} characters`, matching(LAST, from)]),
    (presented) => {
      if (sameHeader(presented, LAST)) throw new Error('another header was taken for the last one');
    },
  );
  assert.ok(ratio < 1.5, `median time per call against its round's median: ${JSON.stringify(medians)}`);
});

measured.run();
