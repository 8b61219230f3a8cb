/**
 * google-libphonenumber: Google's own libphonenumber metadata (ours comes from libphonenumber-js,
 * built from an upstream release of its own). Compared per region: the calling code, the national
 * prefix, the possible lengths, which regions have a numbering plan, and that each of our examples is
 * a valid number for its region in Google's metadata.
 */
import lpn from 'google-libphonenumber';
import type { Comparison } from '../references.ts';
import { comparing } from './comparing.ts';
import type { Datasets } from '../../types/datasets.ts';

const REFERENCE = 'google-libphonenumber';
const util = lpn.PhoneNumberUtil.getInstance();

export function compareWithGoogleLibphonenumber(data: Datasets): Comparison {
  const regions = new Set<string>(util.getSupportedRegions());
  const { comparison, check: compare } = comparing(REFERENCE);
  const check = (key: string, ours: unknown, theirs: unknown) => compare(key, ours, theirs, JSON.stringify(ours) === JSON.stringify(theirs));
  for (const entry of data.phone) {
    const code = entry.country;
    check(`${code}/numbering_plan`, entry.numbering_plan, regions.has(code));
    if (!entry.numbering_plan || !regions.has(code)) continue;
    const metadata = util.getMetadataForRegion(code);
    check(`${code}/calling_code`, entry.calling_code, `+${metadata.getCountryCode()}`);
    check(`${code}/national_prefix`, entry.national_prefix, metadata.getNationalPrefix() || null);
    check(
      `${code}/possible_lengths`,
      entry.patterns?.possible_lengths,
      [...metadata.getGeneralDesc().possibleLengthArray()].sort((a, b) => a - b),
    );
    for (const [kind, example] of Object.entries({ example: entry.example, ...entry.examples })) {
      if (!example) continue;
      check(`${code}/${kind}/valid`, example.e164, util.isValidNumberForRegion(util.parse(example.e164), code) ? example.e164 : null);
    }
  }
  return comparison;
}
