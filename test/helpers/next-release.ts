/**
 * A second release without a second build (which takes long): a hard-link copy of a built dist whose
 * release id is changed and in which some files have new bytes. Every changed file is unlinked before
 * it is written, so the dist it was copied from is never touched.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { writeManifest } from '../../build/write/manifest.ts';
import { nginxConfig } from '../../build/write/nginx-config.ts';
import { DistWriter } from '../../build/write/writer.ts';
import { COLUMNS_FILE, MANIFEST_FILE, NGINX_CONFIG_FILE } from '../../contract/layout.ts';
import { filesOnDisk, type Manifest } from '../../contract/manifest.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A dist's manifest.json, as the build wrote it (the build's types say its shape). */
const readManifestJson = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));

/**
 * The same JSON of the same size with other bytes: the first letter of a string value in the other case. A gateway that read a new file against the old manifest would pass the size check.
 */
function sameSizeChange(json: string): string {
  const flip = (letter: string) => (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase());
  const changed = json.replace(/(":"[^"]*?)([A-Za-z])/, (_, before: string, letter: string) => before + flip(letter));
  if (changed === json) throw new Error(`nothing to change in ${json.slice(0, 80)}`);
  return changed;
}

/** Writes `bytes` at `path` as a new file (never through a hard link). */
function replace(path: string, bytes: Buffer | string): void {
  rmSync(path, { force: true });
  writeFileSync(path, bytes);
}

/**
 * The files of a dist in the default locale, German and French, without the per-subdivision files: a
 * small part of its files, every kind of answer still there, far quicker to link than the whole dist.
 */
export const FEW_LOCALES = (key: string) => !/^v1\/_locale\/(?!de\/|fr\/)/.test(key) && !/^v1\/(_locale\/[^/]+\/)?subdivisions\/[A-Z]{2}\//.test(key);

/** Hard links to the files `keep` picks (and their compressed copies), with the manifest of just those. */
function linkSome(from: string, to: string, keep: (key: string) => boolean): void {
  const manifest = readManifestJson(from);
  const kept = Object.entries(manifest.files).filter(([key]) => keep(key) || key === manifest.search_index);
  for (const [key, entry] of kept) {
    mkdirSync(dirname(join(to, key)), { recursive: true });
    for (const { path } of filesOnDisk(key, entry)) linkSync(join(from, path), join(to, path));
  }
  writeManifest(to, { ...manifest, files: Object.fromEntries(kept) });
}

/** Per `keep` and dist, a pristine partial copy made once per process: picking the files reads the whole dist's manifest. */
const pristine = new Map<(key: string) => boolean, Map<string, string>>();

/** The partial copy of `from` `keep` picks, at `to`: its response files hard links, its manifest files its own. */
function partOf(from: string, to: string, keep: (key: string) => boolean): Manifest {
  if (!pristine.has(keep)) pristine.set(keep, new Map());
  let source = pristine.get(keep)!.get(from);
  if (!source) {
    const made = mkdtempSync(join(tmpdir(), 'country-partial-'));
    process.on('exit', () => rmSync(made, { recursive: true, force: true }));
    linkSome(from, made, keep);
    source = made;
    pristine.get(keep)!.set(from, made);
  }
  mkdirSync(to, { recursive: true });
  execFileSync('cp', ['-al', `${source}/.`, to]);
  // A test may write a manifest file in place: never through a link to the pristine copy's.
  for (const name of [MANIFEST_FILE, COLUMNS_FILE]) {
    rmSync(join(to, name));
    copyFileSync(join(source, name), join(to, name));
  }
  return readManifestJson(to);
}

/**
 * Copies `from` to `to` as release `id` (only the files `keep` picks, when given): v1/index.json names
 * it, and each file `change` picks gets other bytes of the same size (sameSizeChange) and loses its
 * compressed copies; the manifest and its columns are written again, as a build writes them. Returns
 * the manifest.
 */
export function nextRelease(from: string, to: string, id: string, change: (key: string) => boolean, keep?: (key: string) => boolean): Manifest {
  let manifest: Manifest;
  if (keep) {
    manifest = partOf(from, to, keep);
  } else {
    execFileSync('cp', ['-al', from, to]);
    manifest = readManifestJson(to);
  }
  const previous = manifest.release.id;
  manifest.release.id = id;
  let changed = 0;
  for (const [key, entry] of Object.entries(manifest.files)) {
    const index = key === 'v1/index.json' && id !== previous;
    if (!index && !change(key)) continue;
    changed++;
    const old = readFileSync(join(to, key), 'utf8');
    const bytes = Buffer.from(index ? old.replace(`"id":"${previous}"`, `"id":"${id}"`) : sameSizeChange(old));
    replace(join(to, key), bytes);
    for (const suffix of ['.br', '.gz']) rmSync(join(to, key + suffix), { force: true });
    Object.assign(entry, { bytes: bytes.length, sha256: sha256(bytes), encodings: {} });
  }
  // A new release's nginx config holds its id and every ETag: written again from the new manifest, with
  // the build's own writer (so with the copies it makes). A copy of the same release keeps its config.
  const { files, ...head } = manifest;
  const { [NGINX_CONFIG_FILE]: configEntry, ...responses } = files;
  if (configEntry && (id !== previous || changed > 0)) {
    for (const suffix of ['', '.br', '.gz']) rmSync(join(to, NGINX_CONFIG_FILE + suffix), { force: true });
    const writer = new DistWriter(to);
    writer.writeFile(NGINX_CONFIG_FILE, Buffer.from(nginxConfig(head, responses)), { requests: [] });
    files[NGINX_CONFIG_FILE] = writer.files.get(NGINX_CONFIG_FILE)!;
  }
  writeManifest(to, manifest);
  return manifest;
}

/** The same release in fewer files (FEW_LOCALES): a dist a gateway serves and `npm run verify` accepts. */
export function partialCopy(from: string, to: string): Manifest {
  return partOf(from, to, FEW_LOCALES);
}
