/**
 * Phone metadata from libphonenumber-js (max metadata and its mobile examples). Fixed-line examples
 * come from Google's libphonenumber, kept only where libphonenumber-js agrees they are valid fixed
 * lines, so the two upstreams never contradict each other in our data.
 */
import lpn from 'google-libphonenumber';
import { Metadata, parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/max';
import { readPackageJson } from '../lib/upstream.ts';

const googleUtil = lpn.PhoneNumberUtil.getInstance();

export interface PhoneExample { e164: string; international: string; national: string }

function describe(number: PhoneNumber): PhoneExample {
  return { e164: number.number, international: number.formatInternational(), national: number.formatNational() };
}

function mobileExample(code: string, mobileExamples: Record<string, string>): PhoneExample | null {
  const nationalNumber = mobileExamples[code];
  const parsed = nationalNumber ? parsePhoneNumberFromString(nationalNumber, code as any) : undefined;
  return parsed?.isValid() ? describe(parsed) : null;
}

function fixedLineExample(code: string): PhoneExample | null {
  const example = googleUtil.getExampleNumberForType(code, lpn.PhoneNumberType.FIXED_LINE);
  if (!example) return null;
  const parsed = parsePhoneNumberFromString(googleUtil.format(example, lpn.PhoneNumberFormat.E164));
  const type = parsed?.getType();
  return parsed?.isValid() && parsed.country === code && (type === 'FIXED_LINE' || type === 'FIXED_LINE_OR_MOBILE')
    ? describe(parsed) : null;
}

/** One entry per country; countries without a numbering plan of their own carry nulls. */
export function importPhone(countryCodes: string[], callingCodes: Map<string, string | null>) {
  const mobileExamples: Record<string, string> = readPackageJson('libphonenumber-js', 'examples.mobile.json');
  const metadata = new Metadata();
  let droppedFixedLine = 0;
  const entries = countryCodes.map((code) => {
    if (!(metadata as any).hasCountry(code)) {
      return { country: code, calling_code: callingCodes.get(code) ?? null, numbering_plan: false, national_prefix: null, patterns: null, example: null, examples: null };
    }
    metadata.selectNumberingPlan(code as any);
    const plan: any = (metadata as any).numberingPlan;
    const mobile = mobileExample(code, mobileExamples);
    const fixedLine = fixedLineExample(code);
    if (!fixedLine && googleUtil.getExampleNumberForType(code, lpn.PhoneNumberType.FIXED_LINE)) droppedFixedLine++;
    return {
      country: code,
      calling_code: `+${plan.callingCode()}`,
      numbering_plan: true,
      national_prefix: plan.nationalPrefix() || null, // compressed metadata stores 0 for "none"
      patterns: { national: `^(?:${plan.nationalNumberPattern()})$`, possible_lengths: plan.possibleLengths() },
      example: mobile ?? fixedLine,
      examples: { mobile, fixed_line: fixedLine },
    };
  });
  return { entries, droppedFixedLine };
}
