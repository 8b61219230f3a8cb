/**
 * Debian's Chromium (`apt-get install -y chromium`; .ci/run installs it), headless, driven by
 * playwright-core (which downloads no browser of its own). launch() gives the browser a fresh
 * temporary profile (user-data-dir), removed when it closes. Missing Chromium fails, never skips.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { PACKAGES, requirePackages } from './debian-packages.ts';
import { ROOT } from './paths.ts';

export const CHROMIUM = PACKAGES.chromium;
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where screenshots go: git-ignored, kept after the run for a person to look at. */
export const ARTIFACTS = join(ROOT, '.test-artifacts');

export async function launchChromium(): Promise<Browser> {
  requirePackages('chromium');
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}
