import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fg from 'fast-glob';
import { readJson } from './canonical-json.ts';

/** Every `*.schema.json` below `dir`, as paths relative to it, sorted. */
export const schemaFiles = (dir: string): string[] => fg.sync('**/*.schema.json', { cwd: dir }).sort();

/** An ajv instance holding every `*.schema.json` below `dir`, addressed by its `$id` (its relative path). */
export function loadSchemas(dir: string): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  for (const file of schemaFiles(dir)) {
    const schema = readJson<{ $id?: string }>(`${dir}/${file}`);
    if (schema.$id !== file) throw new Error(`${dir}/${file}: $id must be "${file}", found "${schema.$id}"`);
    ajv.addSchema(schema);
  }
  return ajv;
}

export function compiled(ajv: Ajv2020, id: string): ValidateFunction {
  const validate = ajv.getSchema(id);
  if (!validate) throw new Error(`no schema with $id ${id}`);
  return validate;
}
