/**
 * Worker thread (helpers/gate.ts): the data gate over each folder it is given, its messages as the gate prints them.
 * With `memo`, one memo for all of them, seeded with the real data: each folder differs from data/ in one dataset,
 * so only that dataset's schema and the checks that read it run again.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ValidationMemo } from '../../build/validate/validation-memo.ts';
import { formatProblem } from '../../build/validate/problems.ts';
import { validateData } from '../../build/validate/validate-data.ts';
import { DATA_DIR } from './paths.ts';

const { dirs, memo: memoized } = workerData as { dirs: string[]; memo: boolean };
const memo = memoized ? new ValidationMemo() : undefined;
if (memo) validateData(DATA_DIR, { memo });
parentPort!.postMessage(dirs.map((dir) => validateData(dir, { memo }).problems.map(formatProblem)));
