/**
 * `npm run release-diff -- OLD NEW [--upload FILE] [--delete FILE]`: which files differ between two
 * releases, each a dist folder or a release archive, read from their manifests alone: what a CDN
 * upload or a mirror sync must move. --upload writes the paths to copy from NEW (manifest last),
 * --delete the paths to remove, one per line. (`npm run diff` says what a change means to API users.)
 */
import { statSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { archiveManifest } from './release/archive.ts';
import { diffFiles, type Manifest } from './release/files-diff.ts';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const lists = { upload: option('--upload'), delete: option('--delete') };
const sources = args.filter((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
if (sources.length !== 2) {
  console.error('usage: npm run release-diff -- <old dist|archive> <new dist|archive> [--upload FILE] [--delete FILE]');
  process.exit(64);
}

function manifestOf(source: string): Buffer {
  if (!statSync(source).isDirectory()) return archiveManifest(source, 'release-diff');
  try {
    return readFileSync(join(source, 'manifest.json'));
  } catch {
    throw new Error(`${source} has no manifest.json: it is neither a dist nor a release archive`);
  }
}

const count = (number: number) => number.toLocaleString('en');
const examples = (paths: string[]) => `${paths.slice(0, 10).join(', ')}${paths.length > 10 ? `, and ${count(paths.length - 10)} more` : ''}`;

try {
  const [before, after] = sources.map(manifestOf);
  const diff = diffFiles(JSON.parse(before.toString('utf8')) as Manifest, JSON.parse(after.toString('utf8')) as Manifest, !before.equals(after));
  const lines = [
    `release-diff: ${diff.from} -> ${diff.to}: ${count(diff.changed.length)} changed, ${count(diff.added.length)} added, ` +
      `${count(diff.removed.length)} removed, ${count(diff.unchanged)} unchanged response files`,
  ];
  for (const kind of ['changed', 'added', 'removed'] as const) if (diff[kind].length) lines.push(`${kind}: ${examples(diff[kind])}`);
  lines.push(
    diff.upload.length || diff.delete.length
      ? `a sync uploads ${count(diff.upload.length)} files (${(diff.uploadBytes / 1e6).toFixed(1)} MB, and the manifest with its columns) and deletes ${count(diff.delete.length)}`
      : 'nothing to sync: the manifests are identical',
  );
  console.log(lines.join('\n'));
  if (lists.upload) writeFileSync(lists.upload, diff.upload.map((path) => `${path}\n`).join(''));
  if (lists.delete) writeFileSync(lists.delete, diff.delete.map((path) => `${path}\n`).join(''));
} catch (error) {
  console.error(`release-diff: ${(error as Error).message}`);
  process.exit(1);
}
