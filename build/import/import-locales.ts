/**
 * Supported locales: every CLDR locale of "modern" coverage, plus the regional variants of them that
 * change at least one country or region name. Also writes the fallback chain of each locale and the
 * aliases that plain RFC 4647 truncation would resolve to the wrong variant (zh-TW must reach zh-Hant,
 * not zh; pt-AO must reach pt-PT, not Brazilian pt). A chain is the locale's CLDR parents, then the
 * languages its readers read (reader-languages.ts), then English.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir } from '../lib/upstream.ts';
import { territoryNames } from '../lib/cldr-names.ts';
import { readerLanguages } from './reader-languages.ts';
import { cldrAliases, coverageLevels, likelySubtags, parentLocales } from '../lib/cldr-core.ts';

export const DEFAULT_LOCALE = 'en';

interface LocaleRecord {
  tag: string;
  fallback: string[];
}
export interface LocalesDataset {
  default: string;
  locales: LocaleRecord[];
  aliases: Record<string, string>;
}

const cldrParents = parentLocales();

function hasNamesFolder(tag: string): boolean {
  return existsSync(join(packageDir('cldr-localenames-full'), 'main', tag, 'territories.json'));
}

/** CLDR's parent of a locale: the explicit parentLocales entry, else truncation; root when nothing is left. */
function cldrParent(tag: string): string {
  if (cldrParents[tag]) return cldrParents[tag];
  const cut = tag.lastIndexOf('-');
  return cut > 0 ? tag.slice(0, cut) : 'root';
}

function nearestSupported(tag: string, supported: Set<string>): string {
  for (let parent = cldrParent(tag); parent !== 'root' && parent !== 'und'; parent = cldrParent(parent)) {
    if (supported.has(parent)) return parent;
  }
  return DEFAULT_LOCALE;
}

/** The supported CLDR parents of a locale, nearest first, without English. */
function parentChain(tag: string, supported: Set<string>): string[] {
  const chain: string[] = [];
  for (let current = nearestSupported(tag, supported); current !== DEFAULT_LOCALE; current = nearestSupported(current, supported)) chain.push(current);
  return chain;
}

/**
 * The locale's CLDR parents, then each language its readers also read with that language's parents
 * (ca -> es, kk -> ru, yue -> zh-Hant), then English, last.
 */
function fallbackChain(tag: string, supported: Set<string>): string[] {
  const chain = parentChain(tag, supported);
  for (const reader of [tag, ...chain].flatMap((locale) => readerLanguages(locale, supported))) {
    for (const locale of [reader, ...parentChain(reader, supported)]) if (locale !== tag && !chain.includes(locale)) chain.push(locale);
  }
  return tag === DEFAULT_LOCALE ? [] : [...chain, DEFAULT_LOCALE];
}

function truncationLookup(tag: string, supported: Set<string>): string {
  for (let candidate = tag; candidate; candidate = candidate.slice(0, Math.max(0, candidate.lastIndexOf('-')))) {
    if (supported.has(candidate)) return candidate;
  }
  return DEFAULT_LOCALE;
}

function namesDiffer(tag: string, reference: string, codes: string[]): boolean {
  const names = territoryNames(tag);
  const referenceNames = territoryNames(reference);
  return codes.some((code) => names[code] !== referenceNames[code]);
}

export function importLocales(countryAndRegionCodes: string[]): LocalesDataset {
  const coverage = coverageLevels();
  const modern = (levels: Record<string, string>) =>
    Object.keys(levels)
      .filter((tag) => levels[tag] === 'modern' && hasNamesFolder(tag))
      .sort();

  const supported = new Set(modern(coverage.coverageLevels));
  // Parents before children, so en-GB is compared with en-001 once en-001 is in.
  const variants = modern(coverage.effectiveCoverageLevels)
    .filter((tag) => !supported.has(tag))
    .sort((a, b) => a.split('-').length - b.split('-').length || a.localeCompare(b));
  for (const tag of variants) {
    if (namesDiffer(tag, nearestSupported(tag, supported), countryAndRegionCodes)) supported.add(tag);
  }

  const aliases: Record<string, string> = {};
  const addAlias = (from: string, to: string) => {
    if (supported.has(from) || !supported.has(to)) return;
    if (truncationLookup(from, supported) !== to) aliases[from.toLowerCase()] = to;
  };
  // Region tags CLDR parents elsewhere than truncation would (pt-AO -> pt-PT, es-MX -> es-419).
  for (const child of Object.keys(cldrParents)) {
    if (!supported.has(child)) addAlias(child, supported.has(cldrParents[child]) ? cldrParents[child] : nearestSupported(child, supported));
  }
  // Language-region tags whose likely script is not the language's default (zh-TW -> zh-Hant).
  const likely = likelySubtags();
  for (const [from, full] of Object.entries(likely)) {
    const [language, script, region] = full.split('-');
    if (!/^[a-z]{2,3}-[A-Z]{2}$/.test(from) || !from.startsWith(`${language}-`)) continue;
    const target = [`${language}-${script}-${region}`, `${language}-${script}`].find((tag) => supported.has(tag));
    if (target) addAlias(from, target);
  }
  // Deprecated and legacy language codes (iw -> he, tl -> fil, nb -> no where CLDR says so).
  for (const [from, alias] of Object.entries(cldrAliases().languageAlias)) {
    if (/^[a-z]{2,3}$/.test(from)) addAlias(from, alias._replacement);
  }

  const tags = [...supported].sort();
  return {
    default: DEFAULT_LOCALE,
    locales: tags.map((tag) => ({ tag, fallback: fallbackChain(tag, supported) })),
    aliases,
  };
}
