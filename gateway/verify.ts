/**
 * `npm run verify -- <dist dir>`: checks a copied dist against its manifest (every file present,
 * sizes and SHA-256 match, nothing extra, the columns derived from this manifest). Exits 0 when
 * whole, 1 with every problem otherwise.
 */
import { resolve } from 'node:path';
import { verifyDist } from './verify-dist.ts';

const dir = resolve(process.argv[2] ?? 'dist');
const started = performance.now();
const { files, problems } = await verifyDist(dir);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (problems.length) {
  for (const problem of problems.slice(0, 200)) console.error(`${dir}/${problem}`);
  if (problems.length > 200) console.error(`... and ${problems.length - 200} more`);
  console.error(`verify: ${dir} is NOT whole: ${problems.length} problem(s) among ${files} files (${seconds} s)`);
  process.exit(1);
}
console.log(`verify: ${dir} is whole: ${files} files match the manifest (${seconds} s)`);
