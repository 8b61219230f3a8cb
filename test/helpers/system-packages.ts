/**
 * `npm test` runs this first (npm's pretest): the Debian packages the suite needs, each found by a
 * file it installs, and the one command that installs those missing, which it runs itself where it
 * can (as root with apt-get, as CI and a fresh container are) and otherwise prints before stopping.
 * Nothing on npm ships these as Debian does: nginx with its brotli_static module (the nginx tier),
 * Chromium built for this system (the form page's browser tests; a browser from npm would be
 * downloaded at install, which this machine's closed network refuses), zstd (release archives), and
 * iso-codes with its gettext catalogues (the importer's upstream). The list is debian-packages.ts.
 *   node --import tsx test/helpers/system-packages.ts [--dry-run]
 * Exits 0 when nothing is missing or apt-get installed it; 1 when it cannot install (not root, no
 * apt-get) or apt-get fails. --dry-run prints the missing packages and the command, and exits 0.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { installCommand, missingPackages } from './debian-packages.ts';

const missing = missingPackages();
if (missing.length > 0) {
  const install = installCommand(missing);
  const root = process.getuid?.() === 0;
  const canInstall = root && existsSync('/usr/bin/apt-get');
  console.log(`test: the suite needs Debian packages that are missing: ${missing.join(', ')}.`);
  if (process.argv.includes('--dry-run') || !canInstall) {
    console.log(`test: install them with: ${root ? '' : "sudo sh -c '"}${install}${root ? '' : "'"}`);
    process.exit(process.argv.includes('--dry-run') ? 0 : 1);
  }
  console.log(`test: installing them: ${install}`);
  const run = (args: string[]) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (run(['update']).status !== 0 || run(['install', '-y', ...missing]).status !== 0) {
    console.error('test: apt-get failed; see its output above');
    process.exit(1);
  }
  const still = missingPackages();
  if (still.length > 0) {
    console.error(`test: still missing after apt-get: ${still.join(', ')}`);
    process.exit(1);
  }
}
