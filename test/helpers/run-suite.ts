/**
 * `npm test`: the type check, the linter and every test file, on as many lanes as the machine has cores.
 * The real dist (and its edge upload) is built in the background from the start, while the lanes take the
 * work that does not read it; then the heaviest file left goes first, by the times of the last run kept in
 * the temp dir. A file that mostly waits (on timers, sockets, a browser: its CPU seconds last time under
 * half its wall seconds) runs on one lane more, beside those that keep the cores busy, so its waiting
 * costs no core. Each file's output is printed whole once it is done, so lanes never interleave.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from './paths.ts';

interface Task {
  name: string;
  /** A command run as is, or a test file sent to a lane. */
  command?: string[];
  file?: string;
  /** Waits for the background build where it reads the real dist. */
  needsDist: boolean;
  /** Reads data/ as validated by helpers/real-data.ts, which a lane does once. */
  readsData?: boolean;
}

const TEST_DIR = join(ROOT, 'test');
const TIMES = join(tmpdir(), 'country-test-times.json');
/**
 * Seconds and CPU seconds per file, as one run measured both (TIMES is shared with checkouts whose runners
 * write seconds alone, and with other runs).
 */
const USAGE = join(tmpdir(), 'country-test-usage.json');
/**
 * A file whose CPU seconds were under this share of its seconds, against the run's median file, mostly waits:
 * on a machine others load too every file's share falls, the waiting ones' as much.
 */
const WAITING = 0.5;

interface Usage {
  seconds: number;
  cpu: number;
}

const MARK = `--- lane mark ${process.pid} ---`;
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

/** Whether a module reads `helper` (a module of helpers/), itself or through the modules of test/ it imports. */
function reads(helper: string, file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  if (file === join(TEST_DIR, 'helpers', helper)) return true;
  const imports = [...readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+\.ts)'/g)].map((match) => resolve(dirname(file), match[1]));
  return imports.some((path) => path.startsWith(TEST_DIR) && reads(helper, path, seen));
}

/** Every test file (as uvu's command line finds them: the scripts of test/, not of helpers/ or load/) or those a pattern picks. */
function tasks(pattern?: RegExp): Task[] {
  const files = readdirSync(TEST_DIR)
    .filter((name) => /\.([mc]js|[jt]sx?)$/.test(name) && (!pattern || pattern.test(name)))
    .sort();
  const testFiles = files.map((name) => {
    const file = join(TEST_DIR, name);
    return { name, file, needsDist: reads('dist.ts', file), readsData: reads('real-data.ts', file) };
  });
  if (process.env.TEST_FILES_ONLY) return testFiles;
  return [
    // Incremental, its state in the temp dir: a second run checks only what changed.
    {
      name: 'tsc',
      command: [
        bin('tsc'),
        '--noEmit',
        '-p',
        ROOT,
        '--incremental',
        '--tsBuildInfoFile',
        join(tmpdir(), `country-tsc-${ROOT.replaceAll('/', '_')}.tsbuildinfo`),
      ],
      needsDist: false,
    },
    { name: 'biome', command: [bin('biome'), 'check', ROOT], needsDist: false },
    ...testFiles,
  ];
}

function lastRun<T = number>(file: string): Record<string, T> {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {}; // no run yet in this temp dir
  }
}

/** Seconds each task took last time; a task never timed weighs as its file's size says, tsc first. */
function weights(all: Task[]): Map<string, number> {
  const last = lastRun(TIMES);
  return new Map(all.map((task) => [task.name, last[task.name] ?? (task.file ? statSync(task.file).size / 1000 : 1000)]));
}

/** The test files that mostly waited last time, of those that took two seconds or more. */
function waitingFiles(all: Task[]): Set<string> {
  const usage = lastRun<Usage>(USAGE);
  const timed = all.filter((task) => task.file && usage[task.name]?.seconds >= 2).map((task) => task.name);
  const share = (name: string) => usage[name].cpu / usage[name].seconds;
  const median = timed.map(share).sort((a, b) => a - b)[timed.length >> 1];
  return new Set(timed.filter((name) => share(name) < WAITING * median));
}

function prebuild(): Promise<void> {
  const script = `import { builtDist } from ${JSON.stringify(join(TEST_DIR, 'helpers', 'dist.ts'))};
import { buildUpload } from ${JSON.stringify(join(ROOT, 'edge', 'node', 'upload.ts'))};
import { readFileSync } from 'node:fs';
const started = Date.now();
buildUpload(builtDist(), builtDist() + '-edge');
let cpu = '';
try {
  const ticks = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ').slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
  cpu = ', ' + (ticks / 100).toFixed(1) + ' s CPU';
} catch {}
console.log('');
console.log('== the test dist and its edge upload (' + ((Date.now() - started) / 1000).toFixed(1) + ' s' + cpu + ')');`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((done, fail) => child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`building the test dist failed (${code})`)))));
}

interface Lane {
  child: ChildProcess;
  out: string;
  err: string;
  /** Called after each chunk of output: the file under way looks for its marks. */
  onOutput?: () => void;
}

function startLane(): Promise<Lane> {
  const child = fork(join(TEST_DIR, 'helpers', 'lane.cjs'), [], {
    cwd: ROOT,
    // The lanes parse and drop datasets of megabytes: a larger young generation is scavenged far less often,
    // where the default spends much of the heaviest files' CPU copying objects that live on for a while.
    execArgv: ['--require', 'tsx/cjs', '--max-semi-space-size=64'],
    env: { ...process.env, LANE_MARK: MARK },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const lane: Lane = { child, out: '', err: '' };
  child.stdout!.on('data', (chunk) => {
    lane.out += chunk;
    lane.onOutput?.();
  });
  child.stderr!.on('data', (chunk) => {
    lane.err += chunk;
    lane.onOutput?.();
  });
  return new Promise((ready) => child.once('message', () => ready(lane)));
}

/** A test file on a lane: its output (up to the lane's mark on both streams) and whether it failed. */
function runFile(lane: Lane, task: Task): Promise<{ output: string; failed: boolean; cpu?: number }> {
  return new Promise((done) => {
    let failed = false;
    let cpu: number | undefined;
    let reported = false;
    const finish = () => {
      const [out, err] = [lane.out.indexOf(MARK), lane.err.indexOf(MARK)];
      if (!reported || out < 0 || err < 0) return;
      const output = lane.out.slice(0, out) + lane.err.slice(0, err);
      lane.out = lane.out.slice(out + MARK.length + 1);
      lane.err = lane.err.slice(err + MARK.length + 1);
      cleanup();
      done({ output, failed, cpu });
    };
    const onMessage = (message: { failed: boolean; cpu: number }) => {
      reported = true;
      failed = message.failed;
      cpu = message.cpu;
      finish();
    };
    const onExit = (code: number | null) => {
      cleanup();
      done({ output: `${lane.out}${lane.err}\n${task.name}: the lane exited (${code}) before the file was done\n`, failed: true });
    };
    lane.onOutput = finish;
    const cleanup = () => {
      lane.onOutput = undefined;
      lane.child.off('message', onMessage);
      lane.child.off('exit', onExit);
    };
    lane.child.on('message', onMessage);
    lane.child.on('exit', onExit);
    lane.child.send({ file: task.file, name: relative(TEST_DIR, task.file!) });
  });
}

function runCommand(task: Task): Promise<{ output: string; failed: boolean }> {
  const child = spawn(task.command![0], task.command!.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((done) => child.on('exit', (code) => done({ output, failed: code !== 0 })));
}

const count = (output: string, label: string) => Number(new RegExp(`${label}:\\s+(?:\\x1b\\[\\d+m)*(\\d+)`).exec(output)?.[1] ?? 0);

async function main(): Promise<number> {
  const started = Date.now();
  const queue = tasks(process.argv[2] ? new RegExp(process.argv[2], 'i') : undefined);
  const weight = weights(queue);
  const waiting = waitingFiles(queue);
  const times: Record<string, number> = {};
  const usages: Record<string, Usage> = {};
  let distReady = false;
  let distFailure: Error | undefined;
  const building = prebuild().then(
    () => (distReady = true),
    (error: Error) => ((distFailure = error), (distReady = true)),
  );
  const totals = { total: 0, passed: 0, skipped: 0 };
  const failures: string[] = [];

  /** Whether some lane has validated data/ (helpers/real-data.ts) already. */
  let dataHeld = false;
  /**
   * The heaviest task that can run now; one that reads the dist waits for it unless nothing else is left.
   * The lane for waiting files takes only those; the others take them last. Once a lane holds the validated
   * data/, it takes the files that read it first and the other lanes take them last: validating data/ again
   * costs a lane seconds of CPU.
   */
  const next = (forWaiting: boolean, holdsData: boolean): Task | undefined => {
    const fits = queue.filter((task) => waiting.has(task.name) === forWaiting);
    const candidates = forWaiting || fits.length ? fits : queue;
    const ready = candidates.filter((task) => distReady || !task.needsDist);
    const pool = ready.length ? ready : candidates;
    const preferred = dataHeld ? pool.filter((task) => Boolean(task.readsData) === holdsData) : pool;
    const pick = (preferred.length ? preferred : pool).sort((a, b) => weight.get(b.name)! - weight.get(a.name)!)[0];
    if (pick) queue.splice(queue.indexOf(pick), 1);
    return pick;
  };

  const lanes = Math.max(1, Math.min(Number(process.env.TEST_LANES) || availableParallelism(), 4));
  /** Per lane: the tasks it ran, their seconds and CPU seconds (not measured for tsc and biome): how much of the lane waited. */
  const usage: { files: number; seconds: number; cpu: number }[] = [];
  const kinds = [...Array.from({ length: lanes }, () => false), ...(lanes > 1 && waiting.size ? [true] : [])];
  await Promise.all(
    kinds.map(async (forWaiting, index) => {
      let lane: Lane | undefined;
      let holdsData = false;
      const use = (usage[index] = { files: 0, seconds: 0, cpu: 0 });
      for (let task = next(forWaiting, holdsData); task; task = next(forWaiting, holdsData)) {
        if (task.needsDist && !distReady) await building;
        // Timed from here: a file's wait for the background build is neither its weight nor its waiting.
        const at = Date.now();
        let result: { output: string; failed: boolean; cpu?: number };
        if (task.command) result = await runCommand(task);
        else if (task.needsDist && distFailure) result = { output: `${distFailure.message}\n`, failed: true };
        else {
          lane ??= await startLane();
          if (task.readsData) holdsData = dataHeld = true;
          result = await runFile(lane, task);
          if (lane.child.exitCode !== null) [lane, holdsData] = [undefined, false];
        }
        times[task.name] = (Date.now() - at) / 1000;
        if (result.cpu !== undefined) usages[task.name] = { seconds: times[task.name], cpu: result.cpu };
        use.files++;
        use.seconds += times[task.name];
        use.cpu += result.cpu ?? 0;
        const cpu = result.cpu === undefined ? '' : `, ${result.cpu.toFixed(1)} s CPU`;
        process.stdout.write(`\n== ${task.name} (${times[task.name].toFixed(1)} s${cpu})\n${result.output}`);
        if (task.file) {
          totals.total += count(result.output, 'Total');
          totals.passed += count(result.output, 'Passed');
          totals.skipped += count(result.output, 'Skipped');
        }
        if (result.failed) failures.push(task.name);
      }
      lane?.child.send({ exit: true });
    }),
  );
  await building;
  // Merged into the last runs' times: a run of a few files must not leave the others weighed by their size.
  writeFileSync(TIMES, `${JSON.stringify({ ...lastRun(TIMES), ...times }, null, 2)}\n`);
  writeFileSync(USAGE, `${JSON.stringify({ ...lastRun<Usage>(USAGE), ...usages }, null, 2)}\n`);
  process.stdout.write(
    `\n  Total:     ${totals.total}\n  Passed:    ${totals.passed}\n  Skipped:   ${totals.skipped}\n  Duration:  ${((Date.now() - started) / 1000).toFixed(1)} s on ${lanes} lanes${kinds.length > lanes ? ' and one for files that mostly wait' : ''}\n`,
  );
  const lanesUsed = usage.map(
    (use, index) => `${index + 1}${kinds[index] ? ' (waiting)' : ''}: ${use.files} files, ${use.seconds.toFixed(1)} s, ${use.cpu.toFixed(1)} s CPU`,
  );
  process.stdout.write(`  Lanes:     ${lanesUsed.join('; ')}\n`);
  if (failures.length) process.stderr.write(`\nfailed: ${failures.join(', ')}\n`);
  return failures.length ? 1 : 0;
}

process.exitCode = await main();
