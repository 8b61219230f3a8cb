import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readJson } from './canonical-json.ts';
import { readMoFile } from './mo-file.ts';

const require = createRequire(import.meta.url);

export const ISO_CODES_JSON = '/usr/share/iso-codes/json';
const LOCALE_ROOT = '/usr/share/locale';

/** Folder of an installed npm package (upstreams are devDependencies pinned to exact versions). */
export function packageDir(name: string): string {
  // Found through node's own lookup paths, as require.resolve would, also for packages whose exports hide package.json.
  for (const dir of require.resolve.paths(name) ?? []) {
    if (existsSync(join(dir, name, 'package.json'))) return join(dir, name);
  }
  throw new Error(`npm package ${name} is not installed (npm install)`);
}

export function packageVersion(name: string): string {
  return readJson<{ version: string }>(join(packageDir(name), 'package.json')).version;
}

export function readPackageJson<T>(name: string, file: string): T {
  return readJson<T>(join(packageDir(name), file));
}

export function requireIsoCodes(): void {
  if (!existsSync(join(ISO_CODES_JSON, 'iso_3166-2.json'))) {
    throw new Error(`Debian iso-codes is not installed (${ISO_CODES_JSON} missing): apt-get install -y iso-codes`);
  }
}

/** An entry of iso-codes' iso_3166-1.json. */
export interface IsoCountry {
  alpha_2: string;
  alpha_3: string;
  numeric: string;
  name: string;
  official_name?: string;
  common_name?: string;
  flag: string;
}
/** An entry of iso-codes' iso_3166-3.json: a withdrawn country code. */
export interface IsoWithdrawnCountry {
  alpha_2: string;
  alpha_3: string;
  alpha_4: string;
  numeric?: string;
  name: string;
  withdrawal_date: string;
  comment?: string;
}

/** The entries of one iso-codes file; `T` is the shape of its entries (IsoCountry, IsoWithdrawnCountry, ...). */
export function readIsoCodes<T>(standard: '3166-1' | '3166-2' | '3166-3'): T[] {
  requireIsoCodes();
  return readJson<Record<string, T[]>>(join(ISO_CODES_JSON, `iso_${standard}.json`))[standard];
}

/** Converts a gettext locale folder name (pt_BR, sr@latin, zh_TW) to a BCP 47 tag. */
export function gettextLocaleToBcp47(name: string): string {
  const [base, modifier] = name.split('@');
  const [language, region] = base.split('_');
  const script = modifier === 'latin' ? 'Latn' : modifier === 'cyrillic' ? 'Cyrl' : undefined;
  if (modifier && !script) return '';
  return [language, script, region].filter(Boolean).join('-');
}

/** Every iso-codes translation catalogue of a domain, keyed by BCP 47 tag. */
export function readIsoCodesTranslations(domain: 'iso_3166-1' | 'iso_3166-2'): Map<string, Map<string, string>> {
  requireIsoCodes();
  const catalogues = new Map<string, Map<string, string>>();
  for (const folder of readdirSync(LOCALE_ROOT).sort()) {
    const file = join(LOCALE_ROOT, folder, 'LC_MESSAGES', `${domain}.mo`);
    const tag = gettextLocaleToBcp47(folder);
    if (tag && existsSync(file)) catalogues.set(tag, readMoFile(file));
  }
  return catalogues;
}

/** The installed version of a Debian package, from dpkg's status database. */
export function debianVersion(name: string): string {
  const status = readFileSync('/var/lib/dpkg/status', 'utf8');
  const match = new RegExp(`Package: ${name.replace(/[.+]/g, '\\$&')}\\n(?:[^\\n]+\\n)*?Version: ([^\\n]+)`).exec(status);
  if (!match) throw new Error(`cannot read the installed ${name} version from /var/lib/dpkg/status (apt-get install -y ${name})`);
  return match[1];
}

export function isoCodesVersion(): string {
  requireIsoCodes();
  return debianVersion('iso-codes');
}
