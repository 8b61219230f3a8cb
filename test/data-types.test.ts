/** The TypeScript types of data/ are generated from its schemas (npm run types): a schema change without regenerating them fails here. */
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DATA_TYPES_FILE, generateDataTypes } from '../build/generate-types.ts';
import { DATASETS } from '../build/validate/validate-data.ts';
import { DATA_DIR } from './helpers/paths.ts';

const types = suite('data types (build/types/datasets.ts)');

types('should be what npm run types generates from data/*.schema.json today', async () => {
  assert.ok(readFileSync(DATA_TYPES_FILE, 'utf8') === (await generateDataTypes(DATA_DIR)), 'build/types/datasets.ts is stale: run npm run types');
});

types('should give every dataset a named type in Datasets', () => {
  const source = readFileSync(DATA_TYPES_FILE, 'utf8');
  const fields = /export interface Datasets \{([\s\S]*?)\n\}/.exec(source)![1];
  for (const name of DATASETS) assert.match(fields, new RegExp(`\\n  "?${name}"?: `), name);
});

types.run();
