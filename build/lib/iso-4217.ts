/** ISO 4217 currency codes as Debian's iso-codes carries them (alpha_3, numeric, English name; no minor units). */
import { join } from 'node:path';
import { readJson } from './canonical-json.ts';
import { ISO_CODES_JSON, requireIsoCodes } from './upstream.ts';

export interface Iso4217 {
  alpha_3: string;
  numeric: string;
  name: string;
}

export function readIsoCodes4217(): Iso4217[] {
  requireIsoCodes();
  const entries = readJson<Record<string, Iso4217[] | undefined>>(join(ISO_CODES_JSON, 'iso_4217.json'))['4217'] as Iso4217[] | undefined;
  if (!entries?.some((entry) => entry.alpha_3 === 'EUR')) throw new Error(`iso-codes: ${ISO_CODES_JSON}/iso_4217.json has no EUR; has its layout changed?`);
  return entries;
}
