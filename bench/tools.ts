/**
 * The programs the bench drives: Debian's nginx (with its brotli_static module) and wrk, installed
 * with apt-get when missing (this bench is run as root on a Debian machine). When they cannot be had,
 * the bench falls back to autocannon (fetched by npx at a pinned version) and leaves nginx out.
 */
import { spawnSync } from 'node:child_process';
import { NGINX, nginxMissing } from '../nginx/nginx.ts';

export const AUTOCANNON = 'autocannon@8.0.0';

export interface Tools {
  nginx: string | undefined;
  /** 'wrk' or 'autocannon'. */
  loadGenerator: 'wrk' | 'autocannon';
  notes: string[];
}

function which(name: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${name} || ls /usr/sbin/${name} 2>/dev/null`], { encoding: 'utf8' });
  const path = found.stdout.trim().split('\n')[0];
  return found.status === 0 && path ? path : undefined;
}

function aptInstall(packages: string[], notes: string[]): void {
  if (!which('apt-get')) return void notes.push(`apt-get is not available; cannot install ${packages.join(' ')}`);
  if (process.getuid?.() !== 0) return void notes.push(`not root; cannot apt-get install ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { stdio: 'inherit', env, timeout: 300_000 });
  console.log(`bench: installing ${packages.join(' ')} (apt-get)`);
  if (install().status === 0) return;
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env, timeout: 300_000 });
  if (install().status !== 0) notes.push(`apt-get install ${packages.join(' ')} failed`);
}

/** Finds (installing when missing) nginx and wrk; `force` picks a fallback on purpose (BENCH_LOAD=autocannon, BENCH_NGINX=off). */
export function findTools(force: { loadGenerator?: string; nginx?: string } = {}): Tools {
  const notes: string[] = [];
  const wanted = [
    ...(force.nginx !== 'off' && nginxMissing() ? ['nginx-light', 'libnginx-mod-http-brotli-static'] : []),
    ...(force.loadGenerator !== 'autocannon' && !which('wrk') ? ['wrk'] : []),
  ];
  if (wanted.length > 0) aptInstall(wanted, notes);

  const nginx = force.nginx === 'off' || nginxMissing() ? undefined : NGINX;
  if (!nginx && force.nginx !== 'off') notes.push(`nginx unavailable (${nginxMissing()}): left out`);
  let loadGenerator: Tools['loadGenerator'] = 'wrk';
  if (force.loadGenerator === 'autocannon' || !which('wrk')) {
    loadGenerator = 'autocannon';
    notes.push(`load generator: ${AUTOCANNON} via npx${force.loadGenerator === 'autocannon' ? ' (BENCH_LOAD=autocannon)' : ' (wrk unavailable)'}`);
  }
  return { nginx, loadGenerator, notes };
}
