/**
 * The Debian packages the suite needs, each found by a file only it installs: the one list that
 * `npm test`'s pretest (system-packages.ts) installs from and that a test needing one checks, so a
 * missing package fails as a sentence naming what to install, never as a raw ENOENT.
 */
import { existsSync } from 'node:fs';

export const PACKAGES = {
  'nginx-light': '/usr/sbin/nginx',
  'libnginx-mod-http-brotli-static': '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
  chromium: '/usr/bin/chromium',
  // Japanese glyphs for the form page's screenshots in ja (DejaVu, installed with Chromium, has Arabic and Hebrew).
  'fonts-ipafont-gothic': '/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf',
  zstd: '/usr/bin/zstd',
  'iso-codes': '/usr/share/iso-codes/json/iso_3166-1.json',
  tzdata: '/usr/share/zoneinfo/zone.tab',
  // Spelling dictionaries of the community-name check (build/lib/dictionary-words.ts), read by the import and the data gate.
  hunspell: '/usr/bin/hunspell',
  'hunspell-uk': '/usr/share/hunspell/uk_UA.dic',
  'hunspell-bn': '/usr/share/hunspell/bn_BD.dic',
  'hunspell-te': '/usr/share/hunspell/te_IN.dic',
  'hunspell-ne': '/usr/share/hunspell/ne_NP.dic',
} as const;

export type DebianPackage = keyof typeof PACKAGES;

/** The packages named (every one by default) whose file is missing, in the table's order. */
export function missingPackages(names: DebianPackage[] = Object.keys(PACKAGES) as DebianPackage[]): DebianPackage[] {
  return names.filter((name) => !existsSync(PACKAGES[name]));
}

export const installCommand = (names: DebianPackage[]) => `apt-get update && apt-get install -y ${names.join(' ')}`;

/** Throws, as one sentence with the command, unless every package named is installed. */
export function requirePackages(...names: DebianPackage[]): void {
  const missing = missingPackages(names);
  if (missing.length === 0) return;
  const files = missing.map((name) => PACKAGES[name]);
  throw new Error(
    `this test needs the Debian package${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (${files.join(', ')} ${files.length > 1 ? 'are' : 'is'} missing); ` +
      `\`npm test\` installs what is missing when run as root, or run: ${installCommand(missing)}`,
  );
}
