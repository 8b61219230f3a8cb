import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const DATA_DIR = join(ROOT, 'data');

/** A private copy of data/ to break on purpose; removed by the returned cleanup. */
export function copyOfData(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'country-data-'));
  cpSync(DATA_DIR, dir, { recursive: true });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
