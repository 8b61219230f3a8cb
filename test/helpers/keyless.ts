/**
 * Requests without a key that try to pass for a tier's own internal step: every file-backed endpoint,
 * each query parameter (the API's and one it does not know) holding `|`, `/_problem/` and every
 * internal location of the nginx config the build wrote, raw and percent-encoded, in origin and
 * absolute form. Each must be refused for its missing key (401) on every tier.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENDPOINTS } from '../../contract/endpoints.ts';
import { NGINX_CONFIG_FILE } from '../../contract/layout.ts';
import { PARAMETERS } from '../../contract/params.ts';
import type { Hostile } from './hostile.ts';

/** The path each file-backed endpoint is asked at: real codes, so only the missing key refuses it. */
const CODES: Record<string, string> = { country_code: 'BR', subdivision_code: 'BR-SP' };

/** The locations of the nginx config that only the config itself may enter (`internal;`), by their path. */
export function internalLocations(distDir: string): string[] {
  const config = readFileSync(join(distDir, NGINX_CONFIG_FILE), 'utf8');
  const found = [...config.matchAll(/location (?:= |\^~ )(\/[^ ]*) \{\n\s*internal;/g)].map((match) => match[1]);
  if (found.length === 0) throw new Error(`no internal location in ${NGINX_CONFIG_FILE}: the pattern no longer reads the config`);
  // One of each kind: /_problem/refused/missing and /_problem/not_found are the same step to nginx.
  return [...new Set(found.map((path) => path.replace(/^(\/_[a-z_]+\/?)(?:[^/]+\/)*[^/]*$/, '$1')))];
}

export function keylessRequests(distDir: string): [string, Hostile][] {
  const values = [...new Set(['|', '/_problem/', ...internalLocations(distDir)].flatMap((path) => [path, `|${path}`, `${path}|`]))];
  const forms = values.flatMap((value) => [value, encodeURIComponent(value)]);
  const names = [...Object.keys(PARAMETERS), 'x'];
  const requests: [string, Hostile][] = [];
  for (const endpoint of ENDPOINTS.filter((candidate) => candidate.answer.kind === 'file')) {
    const path = endpoint.path.replace(/:([a-z_]+)/g, (_, name: string) => CODES[name]);
    for (const name of names) {
      for (const [index, value] of forms.entries()) {
        const target = `${path}?${name}=${value}`;
        requests.push([`${endpoint.id} ${name} ${index}`, { target, auth: null }]);
        // The absolute form once for each raw value.
        if (index % 2 === 0) requests.push([`${endpoint.id} ${name} ${index} absolute`, { target: `http://api.example${target}`, auth: null }]);
      }
    }
  }
  return requests;
}
