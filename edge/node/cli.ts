/**
 * The edge's commands, reading the environment as `npm start` does (launch/settings.ts):
 *   npm run edge          serves dist/ on workerd the way Cloudflare would (local.ts), on 127.0.0.1:8787
 *                         by default; keys from API_KEYS or API_KEYS_FILE, else a key generated and printed
 *   npm run edge:upload   builds the upload (dist-edge/) and runs wrangler's dry run on it: what CI checks
 *   npm run edge:deploy   builds the upload and runs `wrangler deploy` (needs a Cloudflare account)
 * dist/ is built first when it is missing or stale. SIGTERM or SIGINT stops the local edge.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { announceKey, generateKey, reachableOrigin, stopWith } from '../../launch/announce.ts';
import { buildIfStale } from '../../launch/freshness.ts';
import { keysFromList, readKeysFile } from '../../launch/keys.ts';
import { readServeSettings } from '../../launch/settings.ts';
import { startLocalEdge } from './local.ts';
import { buildUpload, defaultUploadDir } from './upload.ts';
import { dryRun, wrangler } from './wrangler.ts';

const command = process.argv[2] ?? 'serve';
const say = (line: string) => console.log(`edge: ${line}`);
// A declaration, not an arrow: only a declared `never` function ends control flow for the type checker.
function stop(lines: string[]): never {
  return stopWith('edge: ', lines);
}
const env = process.env;

const problems: string[] = [];
const config = readServeSettings({ ...env, PORT: env.PORT || '8787' }, join(import.meta.dirname, '..', '..', 'dist'), problems);
if (!['serve', 'upload', 'deploy'].includes(command)) problems.push(`unknown command ${JSON.stringify(command)}: serve, upload or deploy`);
if (problems.length > 0) stop(problems);
const buildFailed = buildIfStale(config.distDir, say);
if (buildFailed) stop([buildFailed]);

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
let upload: ReturnType<typeof buildUpload>;
try {
  upload = buildUpload(config.distDir, env.EDGE_UPLOAD_DIR || defaultUploadDir(config.distDir));
} catch (error) {
  stop([(error as Error).message]);
}
say(
  `upload of release ${upload.release} ${upload.reused ? 'kept' : 'made'} in ${upload.dir}: ${upload.plan.files.toLocaleString('en')} files, ${mb(upload.plan.bytes)}`,
);

const outDir = mkdtempSync(join(tmpdir(), 'country-edge-worker-'));
process.on('exit', () => rmSync(outDir, { recursive: true, force: true }));
const echo = (text: string) => process.stdout.write(text);

if (command === 'deploy') {
  const { code } = await wrangler(['deploy', '--assets', upload.dir], echo);
  process.exit(code ?? 1);
}
let script: string;
try {
  ({ script } = await dryRun(upload.dir, outDir, command === 'upload' ? echo : undefined));
} catch (error) {
  stop([(error as Error).message]);
}
if (command === 'upload') process.exit(0);

// The keys as digests, as the API_KEY_DIGESTS secret holds them: API_KEYS hashed here, the keys file as it is.
const keys = [...config.keys, ...(config.keysFile ? readKeysFile(config.keysFile) : [])];
const generatedKey = keys.length === 0 ? generateKey() : undefined;
if (generatedKey) keys.push(...keysFromList(generatedKey, 'generated'));
const keyDigests = keys.map((key) => `${key.digest.toString('hex')} ${key.name}`).join('\n');

try {
  const edge = await startLocalEdge({ script, uploadDir: upload.dir, keyDigests, corsOrigins: env.CORS_ORIGINS, host: config.host, port: config.port });
  const origin = reachableOrigin(config.host, edge.port);
  say(`serving release ${upload.release} on workerd (local; not the CDN) at ${origin}`);
  if (generatedKey) announceKey(say, origin, generatedKey, 'API_KEYS, API_KEYS_FILE');
  else say(`the form page: ${origin}/ (it asks for a key)`);
  const shutdown = () => void edge.stop().then(() => process.exit(0));
  process.on('SIGTERM', shutdown).on('SIGINT', shutdown);
} catch (error) {
  stop([(error as Error).message]);
}
