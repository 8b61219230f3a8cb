/** Worker thread (helpers/gate.ts): the data gate over each folder it is given, its messages as the gate prints them. */
import { parentPort, workerData } from 'node:worker_threads';
import { formatProblem } from '../../build/validate/problems.ts';
import { validateData } from '../../build/validate/validate-data.ts';

const { dirs } = workerData as { dirs: string[] };
parentPort!.postMessage(dirs.map((dir) => validateData(dir).problems.map(formatProblem)));
