import { join } from 'node:path';
import { readJson } from '../../build/lib/canonical-json.ts';
import type { Datasets } from '../../build/types/datasets.ts';
import { DATA_DIR } from './paths.ts';

/** A dataset of data/ (or of a copy of it), with the type generated from its schema: the one place a test reads one untyped. */
export const readDataset = <K extends keyof Datasets>(name: K, dir = DATA_DIR): Datasets[K] => readJson(join(dir, `${name}.json`));
