import type { Socket } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bearerVerdicts } from '../gateway/auth.ts';
import type { Bodies, Body } from '../gateway/bodies.ts';
import { corsPolicy } from '../gateway/cors.ts';
import { fastAnswers } from '../gateway/fast-answers.ts';
import { keysFromList } from '../gateway/keys.ts';
import type { Outcome } from '../gateway/routes.ts';
import { parseSimple } from '../gateway/simple-request.ts';

const KEY = 'fast-answers-key-0123456789';
const FILE = { bytes: 13, sha256: 'ab'.repeat(32), contentLanguage: 'en', encodings: {} };

/**
 * An answerer over one file, on a clock moved by hand (`readings` are read first, then `now`);
 * `cached` is whether the file's body is in memory now.
 */
function answerer() {
  const state = { now: 1000, readings: [] as number[], cached: true, lookups: 0 };
  const logs: string[] = [];
  const body: Body = { bytes: Buffer.from('{"code":"BR"}') };
  const bodies = {
    cached: () => {
      state.lookups++;
      return state.cached ? body : undefined;
    },
  } as unknown as Bodies;
  const answer = fastAnswers({
    cors: corsPolicy({ origins: '*' }),
    verdicts: bearerVerdicts({ keys: keysFromList(KEY, 'test') }),
    outcomes: new Map<string, Outcome>([['/v1/countries/BR', { key: 'v1/countries/BR.json', file: FILE }]]),
    bodies,
    searchResult: () => undefined,
    log: (line) => logs.push(line),
    maxAge: 60,
    now: () => state.readings.shift() ?? state.now,
  });
  return { answer, state, logs };
}

/** A connection: the answerer only keeps its verdicts on it. */
const aConnection = () => ({}) as Socket;
const request = (headers = `Authorization: Bearer ${KEY}`) => parseSimple(`GET /v1/countries/BR HTTP/1.1\r\nHost: x\r\n${headers}`)!;

const again = suite('fast answers (the same request again)');

again('should give a request object its answer again for a second without looking it up, logging each time', () => {
  const { answer, state, logs } = answerer();
  const connection = aConnection();
  const repeated = request();
  const first = answer(repeated, connection);
  assert.ok(first?.body);
  assert.is(state.lookups, 1);
  // Even once the cache let the body go: the answer for the request is the same, and held a second at most.
  state.cached = false;
  state.now += 999;
  assert.is(answer(repeated, connection), first);
  assert.is(state.lookups, 1, 'not looked up again');
  assert.equal(logs, ['GET /v1/countries/BR 200 0.0ms key=test#1', 'GET /v1/countries/BR 200 0.0ms key=test#1']);
  state.now += 1;
  assert.is(answer(repeated, connection), undefined, 'a second later: looked up, and no longer in memory');
  assert.is(state.lookups, 2);
  assert.is(logs.length, 2, 'nothing logged for what the fast path does not answer');
});

again('should look up another request object with the same bytes (another connection)', () => {
  const { answer, state } = answerer();
  answer(request(), aConnection());
  answer(request(), aConnection());
  assert.is(state.lookups, 2);
});

again('should log the time taken when the same answer is slow to give', () => {
  const { answer, state, logs } = answerer();
  const repeated = request();
  answer(repeated, aConnection());
  state.readings.push(1500, 1502.5);
  answer(repeated, aConnection());
  assert.is(state.lookups, 1);
  assert.is(logs[1], 'GET /v1/countries/BR 200 2.5ms key=test#1');
});

again('should give a refusal again as it gave it', () => {
  const { answer, logs } = answerer();
  const refused = request('Authorization: Bearer not-the-key-0123456789');
  const first = answer(refused, aConnection());
  assert.is(first?.head.split('\r\n')[0], 'HTTP/1.1 401 Unauthorized');
  assert.is(answer(refused, aConnection()), first);
  assert.equal(logs, ['GET /v1/countries/BR 401 0.0ms', 'GET /v1/countries/BR 401 0.0ms']);
});

again.run();
