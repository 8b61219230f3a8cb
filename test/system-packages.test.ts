/**
 * `npm test`'s pretest (helpers/system-packages.ts) on a machine with some of the Debian packages:
 * in a mount namespace of its own (unshare; -r maps a user who is not root to root there), an
 * overlay on a folder whites out the file of each package the machine lacks (the rest of the folder,
 * node in /usr/bin, stays) and puts an empty stand-in for each it has, so every case runs alike on
 * any machine. Run with --dry-run, or where it cannot install: nothing is ever installed here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { installCommand, PACKAGES, type DebianPackage } from './helpers/debian-packages.ts';
import { ROOT } from './helpers/paths.ts';

const UNSHARE = process.getuid?.() === 0 ? ['unshare', '-m'] : ['unshare', '-mr'];
const NOBODY = 65534;
const ALL = Object.keys(PACKAGES) as DebianPackage[];

interface Machine {
  installed: DebianPackage[];
  /** Other files the machine lacks: apt-get, to stand for a machine without it. */
  alsoLacks?: string[];
  /** Runs the script as a user who is not root (a user namespace inside the first). */
  asUser?: boolean;
  args: string[];
}

/** A command's exit code and output on a machine with the packages named and none of the others. */
function on({ installed, alsoLacks = [], asUser = false }: Omit<Machine, 'args'>, command: string[]) {
  const scratch = mkdtempSync(join(tmpdir(), 'country-packages-'));
  // One overlay layer per folder changed: what it holds covers the folder's own files.
  const layers = new Map<string, { dir: string; make: string[] }>();
  const layer = (folder: string) => layers.get(folder) ?? layers.set(folder, { dir: `${scratch}/${layers.size}`, make: [] }).get(folder)!;
  for (const file of [...ALL.filter((name) => !installed.includes(name)).map((name) => PACKAGES[name]), ...alsoLacks]) {
    // A whiteout is a 0:0 character device; on a tmpfs mounted in the namespace, a user namespace may make one.
    if (existsSync(file)) layer(dirname(file)).make.push(`mknod ${layer(dirname(file)).dir}/${basename(file)} c 0 0`);
  }
  for (const file of installed.map((name) => PACKAGES[name]).filter((file) => !existsSync(file))) {
    let folder = dirname(file);
    while (!existsSync(folder)) folder = dirname(folder);
    const standIn = join(layer(folder).dir, relative(folder, file));
    layer(folder).make.push(`mkdir -p ${dirname(standIn)}`, `touch ${standIn}`);
  }
  // Shallow folders first: an overlay mounted on a parent would cover one already on its child.
  const mounts = [...layers]
    .sort(([a], [b]) => a.split('/').length - b.split('/').length)
    .flatMap(([folder, { dir, make }]) => [`mkdir -p ${dir}`, ...make, `mount -t overlay overlay -o lowerdir=${dir}:${folder} ${folder}`]);
  const user = asUser ? `unshare -U --map-user=${NOBODY} --map-group=${NOBODY} ` : '';
  const shell = ['set -e', `mount -t tmpfs tmpfs ${scratch}`, ...mounts, `exec ${user}"$@"`].join('\n');
  try {
    const result = spawnSync(UNSHARE[0], [...UNSHARE.slice(1), 'sh', '-c', shell, 'sh', ...command], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr || result.error?.message || '' };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const pretest = (machine: Machine) => on(machine, [process.execPath, '--import', 'tsx', 'test/helpers/system-packages.ts', ...machine.args]);

/** Why this machine cannot hide a file in a mount namespace, or undefined when it can. */
function namespaceUnavailable(): string | undefined {
  const probe = on({ installed: ['chromium'], asUser: true }, [
    'sh',
    '-c',
    `test -e ${PACKAGES.chromium} && test ! -e ${PACKAGES.zstd} && test -e ${process.execPath}`,
  ]);
  if (probe.code === 0) return undefined;
  return `${UNSHARE.join(' ')} with an overlay mount failed here (${probe.stderr.trim() || `exit ${probe.code}`})`;
}

const lines = (missing: DebianPackage[], command: string) =>
  `test: the suite needs Debian packages that are missing: ${missing.join(', ')}.\ntest: install them with: ${command}\n`;

const except = (...names: DebianPackage[]) => ALL.filter((name) => !names.includes(name));
const NGINX: DebianPackage[] = ['nginx-light', 'libnginx-mod-http-brotli-static'];

const CASES: { name: string; machine: Machine; code: number; stdout: string }[] = [
  { name: 'should print nothing and go on when every package is installed', machine: { installed: ALL, args: [] }, code: 0, stdout: '' },
  {
    name: 'should name every package and the one command on a machine with none of them (--dry-run)',
    machine: { installed: [], args: ['--dry-run'] },
    code: 0,
    stdout: lines(ALL, installCommand(ALL)),
  },
  {
    name: 'should name only the packages missing, though they share a folder with ones present (--dry-run)',
    machine: { installed: except('chromium', 'zstd'), args: ['--dry-run'] },
    code: 0,
    stdout: lines(['chromium', 'zstd'], installCommand(['chromium', 'zstd'])),
  },
  {
    name: 'should print the command with sudo and stop, for a user who is not root',
    machine: { installed: except('iso-codes'), asUser: true, args: [] },
    code: 1,
    stdout: lines(['iso-codes'], `sudo sh -c '${installCommand(['iso-codes'])}'`),
  },
  {
    name: 'should print the command and stop, as root on a machine without apt-get',
    machine: { installed: except(...NGINX), alsoLacks: ['/usr/bin/apt-get'], args: [] },
    code: 1,
    stdout: lines(NGINX, installCommand(NGINX)),
  },
];

const packages = suite("npm test's Debian packages (helpers/system-packages.ts)");
const unavailable = namespaceUnavailable();
if (unavailable) console.log(`system-packages.test.ts: skipped, no machine with other packages can be made: ${unavailable}`);

for (const { name, machine, code, stdout } of CASES) {
  (unavailable ? packages.skip : packages)(name, () => {
    const result = pretest(machine);
    assert.is(result.stdout, stdout);
    assert.is(result.code, code, result.stderr);
  });
}

packages.run();
