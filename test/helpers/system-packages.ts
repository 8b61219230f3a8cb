/**
 * `npm test` runs this first (npm's pretest): the Debian packages the suite needs, each found by a
 * file it installs, and the one command that installs those missing, which it runs itself where it
 * can (as root with apt-get, as CI and a fresh container are) and otherwise prints before stopping.
 * Nothing on npm ships these as Debian does: nginx with its brotli_static module (the nginx tier),
 * Chromium built for this system (the form page's browser tests; a browser from npm would be
 * downloaded at install, which this machine's closed network refuses), zstd (release archives), and
 * iso-codes with its gettext catalogues (the importer's upstream).
 *   node --import tsx test/helpers/system-packages.ts [--dry-run]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Each package with a file only it installs. */
const PACKAGES: [name: string, file: string][] = [
  ['nginx-light', '/usr/sbin/nginx'],
  ['libnginx-mod-http-brotli-static', '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'],
  ['chromium', '/usr/bin/chromium'],
  // Japanese glyphs for the form page's screenshots in ja (DejaVu, installed with Chromium, has Arabic and Hebrew).
  ['fonts-ipafont-gothic', '/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf'],
  ['zstd', '/usr/bin/zstd'],
  ['iso-codes', '/usr/share/iso-codes/json/iso_3166-1.json'],
];

const missingPackages = (): string[] => PACKAGES.filter(([, file]) => !existsSync(file)).map(([name]) => name);

const missing = missingPackages();
if (missing.length > 0) {
  const install = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  const root = process.getuid?.() === 0;
  const canInstall = root && existsSync('/usr/bin/apt-get');
  console.log(`test: the suite needs Debian packages that are missing: ${missing.join(', ')}.`);
  if (process.argv.includes('--dry-run') || !canInstall) {
    console.log(`test: install them with: ${root ? '' : 'sudo sh -c \''}${install}${root ? '' : '\''}`);
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
