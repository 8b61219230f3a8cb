/**
 * Phone metadata from libphonenumber-js (max metadata and its mobile examples). Fixed-line examples
 * come from Google's libphonenumber, kept only where libphonenumber-js agrees they are valid fixed
 * lines, so the two upstreams never contradict each other in our data. The formatting rules (formats,
 * national prefix for parsing and its transform) are libphonenumber-js's as its own formatter reads them,
 * with the fallbacks it applies (CA and KZ take US's and RU's formats) resolved here.
 */
import lpn from 'google-libphonenumber';
import { type CountryCode, Metadata, parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/max';
import { join } from 'node:path';
import { readJson } from '../lib/canonical-json.ts';
import { readPackageJson } from '../lib/upstream.ts';

const googleUtil = lpn.PhoneNumberUtil.getInstance();

export interface PhoneExample {
  e164: string;
  international: string;
  national: string;
}

function describe(number: PhoneNumber): PhoneExample {
  return { e164: number.number, international: number.formatInternational(), national: number.formatNational() };
}

function mobileExample(code: string, mobileExamples: Record<string, string>): PhoneExample | null {
  const nationalNumber = mobileExamples[code];
  const parsed = nationalNumber ? parsePhoneNumberFromString(nationalNumber, code as CountryCode) : undefined;
  return parsed?.isValid() ? describe(parsed) : null;
}

function fixedLineExample(code: string): PhoneExample | null {
  const example = googleUtil.getExampleNumberForType(code, lpn.PhoneNumberType.FIXED_LINE);
  if (!example) return null;
  const parsed = parsePhoneNumberFromString(googleUtil.format(example, lpn.PhoneNumberFormat.E164));
  const type = parsed?.getType();
  return parsed?.isValid() && parsed.country === code && (type === 'FIXED_LINE' || type === 'FIXED_LINE_OR_MOBILE') ? describe(parsed) : null;
}

/** Anchored at the start, or at both ends, so `new RegExp(x).test(digits)` means what the field says. */
const atStart = (pattern: string) => `^(?:${pattern})`;
const whole = (pattern: string) => `^(?:${pattern})$`;

/** libphonenumber-js writes international numbers with a space wherever its format has punctuation. */
const internationalStyle = (format: string) => format.replace(/[^$\d]+/g, ' ').trim();

/**
 * What this import reads of libphonenumber-js's metadata classes, which its published types leave out
 * (they type `selectNumberingPlan` and little else): the one place their shape is stated.
 */
interface FormatMetadata {
  pattern(): string;
  format(): string;
  internationalFormat(): string;
  leadingDigitsPatterns(): string[];
  nationalPrefixFormattingRule(): string | undefined;
  nationalPrefixIsOptionalWhenFormattingInNationalFormat(): boolean;
}
interface PlanMetadata {
  callingCode(): string;
  nationalPrefix(): string | undefined;
  nationalPrefixForParsing(): string | undefined;
  nationalPrefixTransformRule(): string | undefined;
  formats(): FormatMetadata[];
  nationalNumberPattern(): string;
  possibleLengths(): number[];
}
interface MetadataReader {
  hasCountry(code: string): boolean;
  selectNumberingPlan(code: CountryCode): void;
  numberingPlan: PlanMetadata;
}

function describeFormat(format: FormatMetadata) {
  const international = format.internationalFormat();
  return {
    pattern: whole(format.pattern()),
    national_format: format.format(),
    // Google marks a national-only format 'NA'; libphonenumber-js's metadata leaves those out today.
    international_format: international === 'NA' ? null : internationalStyle(international),
    leading_digits: format.leadingDigitsPatterns().map(atStart),
    national_prefix_rule: format.nationalPrefixFormattingRule() || null, // compressed metadata stores 0 for "none"
    national_prefix_optional: format.nationalPrefixIsOptionalWhenFormattingInNationalFormat(),
  };
}

/** One entry per country; countries without a numbering plan of their own carry nulls. */
export function importPhone(dataDir: string, countryCodes: string[], callingCodes: Map<string, string | null>) {
  const corrections: { country: string; examples?: Record<string, { e164: string; upstream: string }> }[] = readJson(
    join(dataDir, 'curated', 'phone-examples.json'),
  );
  /** The upstream example, or the curated one of the right type that replaces it (the import fails once upstream's changes). */
  const ofType = (code: string, type: 'mobile' | 'fixed_line', example: PhoneExample | null): PhoneExample | null => {
    const replacement = corrections.find((entry) => entry.country === code)?.examples?.[type];
    if (!replacement) return example;
    if (example?.e164 !== replacement.upstream)
      throw new Error(
        `curated/phone-examples.json: ${code} ${type} replaces ${replacement.upstream}, but the upstream now gives ${example?.e164 ?? null}; review it`,
      );
    return describe(parsePhoneNumberFromString(replacement.e164)!);
  };
  const mobileExamples: Record<string, string> = readPackageJson('libphonenumber-js', 'examples.mobile.json');
  const metadata = new Metadata() as unknown as MetadataReader;
  let droppedFixedLine = 0;
  const entries = countryCodes.map((code) => {
    if (!metadata.hasCountry(code)) {
      return {
        country: code,
        calling_code: callingCodes.get(code) ?? null,
        numbering_plan: false,
        national_prefix: null,
        national_prefix_for_parsing: null,
        national_prefix_transform_rule: null,
        formats: null,
        patterns: null,
        example: null,
        examples: null,
      };
    }
    metadata.selectNumberingPlan(code as CountryCode);
    const plan = metadata.numberingPlan;
    const forParsing = plan.nationalPrefixForParsing();
    const mobile = ofType(code, 'mobile', mobileExample(code, mobileExamples));
    const fixedLine = ofType(code, 'fixed_line', fixedLineExample(code));
    if (!fixedLine && googleUtil.getExampleNumberForType(code, lpn.PhoneNumberType.FIXED_LINE)) droppedFixedLine++;
    return {
      country: code,
      calling_code: `+${plan.callingCode()}`,
      numbering_plan: true,
      national_prefix: plan.nationalPrefix() || null, // compressed metadata stores 0 for "none"
      national_prefix_for_parsing: forParsing ? atStart(forParsing) : null,
      national_prefix_transform_rule: plan.nationalPrefixTransformRule() || null,
      formats: plan.formats().map(describeFormat),
      patterns: { national: whole(plan.nationalNumberPattern()), possible_lengths: plan.possibleLengths() },
      example: mobile ?? fixedLine,
      examples: { mobile, fixed_line: fixedLine },
    };
  });
  return { entries, droppedFixedLine };
}
