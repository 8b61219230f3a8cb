/**
 * `npm run build [-- --data DIR --out DIR]`: validates data/, precomputes every response into a new
 * dist tree, and swaps it in only when complete. Any breach or crash leaves the previous dist/ as it was.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { API_INDEX_FILE, NGINX_CONFIG_FILE, OPENAPI_FILE, SEARCH_INDEX_FILE, staticRequest } from '../contract/layout.ts';
import { canonicalJson } from './lib/canonical-json.ts';
import { progressOn } from './lib/progress.ts';
import { discard, removeLeftovers, stagingDir, swapIn } from './write/atomic-swap.ts';
import { responseJobs } from './write/generate.ts';
import { Localizer } from './write/localize.ts';
import type { Manifest } from '../contract/manifest.ts';
import { apiIndex, dataDigest, manifestHead, releaseOf, writeManifest } from './write/manifest.ts';
import { nginxConfig } from './write/nginx-config.ts';
import { pathCodeTables } from './write/path-codes.ts';
import { buildOpenApi } from './write/openapi.ts';
import { writePage } from './write/page.ts';
import { buildSearchIndex } from './write/search-index.ts';
import { runInWorkers } from './write/worker-pool.ts';
import { DistWriter, sortedFiles } from './write/writer.ts';
import { formatProblem } from './validate/problems.ts';
import { validateData } from './validate/validate-data.ts';

const root = join(import.meta.dirname, '..');
const option = (name: string, fallback: string) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const dataDir = option('--data', join(root, 'data'));
const distDir = option('--out', join(root, 'dist'));
/**
 * The release date: SOURCE_DATE_EPOCH when the caller pins one (reproducible-builds.org convention),
 * else the date of the last commit that touched a clean data/, so two builds of one commit agree;
 * none for data outside git or with uncommitted changes.
 */
function releaseDateOf(dir: string): string | null {
  if (process.env.SOURCE_DATE_EPOCH) return new Date(Number(process.env.SOURCE_DATE_EPOCH) * 1000).toISOString().slice(0, 10);
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (git('status', '--porcelain', '--', '.')) return null;
    return git('log', '-1', '--format=%cs', '--', '.') || null;
  } catch {
    return null;
  }
}
const releaseDate = releaseDateOf(dataDir);

const started = performance.now();
// A line per stage (the first `npm start` waits on this build), and a bar for the answers on a terminal.
const progress = progressOn(process.stdout, 'build: ');
progress.line(`validating ${dataDir}: schemas, cross-dataset rules, the reference gate`);
const { problems, data } = validateData(dataDir);
if (!data) {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(`build: ${problems.length} problem(s) in ${dataDir}; dist/ left as it was`);
  process.exit(1);
}

const sourceFiles = fg.sync('**/*.json', { cwd: dataDir }).map((name) => ({ name, bytes: readFileSync(join(dataDir, name)) }));
const release = releaseOf(dataDigest(sourceFiles), releaseDate);
removeLeftovers(distDir);
const staging = stagingDir(distDir);
const count = (n: number) => n.toLocaleString('en');
try {
  const localizer = new Localizer(data.locales);
  const jobs = responseJobs(localizer, pathCodeTables(data));
  progress.line(`writing the answers of ${count(data.countries.length)} countries in ${count(localizer.tags.length)} locales, with their br/gz copies`);
  const results = await runInWorkers({
    data,
    staging,
    jobs,
    onProgress: (done) => progress.bar(done.jobs, jobs.length, `jobs, ${count(done.files)} files`),
  });
  progress.line(`wrote ${count(results.reduce((sum, result) => sum + result.files.length, 0))} answer files; building the search index`);
  const writer = new DistWriter(staging);
  writer.writeJson(SEARCH_INDEX_FILE, buildSearchIndex(data), { requests: [] });
  progress.line('writing the API index, the OpenAPI document and the form page');
  writer.writeJson(API_INDEX_FILE, apiIndex(data, release), { requests: [staticRequest(API_INDEX_FILE)!] });
  writer.writeFile(OPENAPI_FILE, Buffer.from(canonicalJson(buildOpenApi(data))), { requests: [staticRequest(OPENAPI_FILE)!] });
  writePage(writer, { pageDir: join(root, 'build', 'page'), clientDir: join(root, 'contract', 'client') }, data['curated/page-words']);
  progress.line('writing the nginx config and the manifest');
  const responseFiles = sortedFiles([...writer.files, ...results.flatMap((result) => result.files)]);
  const head = manifestHead({ data, release, files: responseFiles });
  writer.writeFile(NGINX_CONFIG_FILE, Buffer.from(nginxConfig(head, responseFiles)), { requests: [] });
  const files = sortedFiles([...writer.files, ...results.flatMap((result) => result.files)]);
  const totals = [writer, ...results].reduce(
    (sum, part) => ({
      bytes: sum.bytes + part.totalBytes,
      compressed: sum.compressed + part.compressedBytes,
    }),
    { bytes: 0, compressed: 0 },
  );

  const manifest: Manifest = { ...head, files };
  const manifestBytes = writeManifest(staging, manifest);
  progress.line(`swapping the new tree in at ${distDir}`);
  const previous = swapIn(staging, distDir);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  progress.line(
    `${count(Object.keys(files).length)} files, ${megabytes(totals.bytes)} (+ ${megabytes(totals.compressed)} of br/gz copies)` +
      `, manifest ${megabytes(manifestBytes)}, release ${manifest.release.id}, ${seconds} s -> ${distDir}`,
  );
  // Unlinking a whole dist takes longer than writing it on some disks; the new tree already serves.
  if (previous) discard(previous);
} catch (error) {
  discard(staging);
  console.error(`build: failed, dist/ left as it was: ${(error as Error).stack}`);
  process.exit(1);
}
