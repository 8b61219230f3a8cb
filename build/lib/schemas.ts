import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fg from 'fast-glob';

/** Every `*.schema.json` below `dir`, as paths relative to it, sorted. */
export const schemaFiles = (dir: string): string[] => fg.sync('**/*.schema.json', { cwd: dir }).sort();

/**
 * Per digest of a folder's schema files, the instance that holds them: a process that validates several
 * copies of data/ (a diff of two data folders, the tests) compiles each schema once, not once per copy.
 */
const loaded = new Map<string, Ajv2020>();

/** An ajv instance holding every `*.schema.json` below `dir`, addressed by its `$id` (its relative path). */
export function loadSchemas(dir: string): Ajv2020 {
  const files = schemaFiles(dir).map((file) => ({ file, text: readFileSync(`${dir}/${file}`, 'utf8') }));
  const digest = createHash('sha256');
  for (const { file, text } of files) digest.update(`${file}\0${text}\0`);
  const key = digest.digest('base64');
  const known = loaded.get(key);
  if (known) return known;
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  for (const { file, text } of files) {
    const schema = JSON.parse(text) as { $id?: string };
    if (schema.$id !== file) throw new Error(`${dir}/${file}: $id must be "${file}", found "${schema.$id}"`);
    ajv.addSchema(schema);
  }
  loaded.set(key, ajv);
  return ajv;
}

export function compiled(ajv: Ajv2020, id: string): ValidateFunction {
  const validate = ajv.getSchema(id);
  if (!validate) throw new Error(`no schema with $id ${id}`);
  return validate;
}
