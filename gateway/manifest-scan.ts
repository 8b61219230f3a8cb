/**
 * The `files` of manifest.json read straight from its bytes, when the build wrote it canonically
 * (sorted keys, 2-space indent). The manifest is 23 MB for 75k files; JSON.parse of it builds a
 * 60 MB object graph only for openDist to copy five fields out of each entry, which dominated the
 * gateway's start and left its heap grown. This reads those fields in place. Anything not exactly in
 * that layout (another indent, a field it does not know, an escape in a string, a non-ASCII byte)
 * returns undefined and the caller parses the file as JSON instead: the result is the same either way.
 */
import type { DistFile } from './dist.ts';

export interface ScannedFiles {
  /** In manifest order; a key given twice keeps its last entry, as JSON.parse does. */
  files: Map<string, DistFile>;
  /** [request without a query, key] for every such request. */
  paths: [request: string, key: string][];
  /** The rest of the manifest, parsed, with `files` empty. */
  rest: any;
}

const QUOTE = 0x22;
const QUERY = 0x3f;
const BACKSLASH = 0x5c;
const FILES = '\n  "files": {';

// Buffer's own latin1 decoder, without toString's argument handling: it runs 150,000 times.
type Latin1 = Buffer & { latin1Slice(start: number, end: number): string };

class Mismatch extends Error {}

// The scan's state: one scan runs at a time, synchronously, so plain module variables serve (and are fast).
const EMPTY = Buffer.alloc(0) as Latin1;
let buf = EMPTY;
let pos = 0;

/** Steps over `text` (ASCII) or throws Mismatch. */
function expect(text: string): void {
  const at = pos;
  for (let i = 0; i < text.length; i++) if (buf[at + i] !== text.charCodeAt(i)) throw new Mismatch();
  pos = at + text.length;
}

/** Steps over `text` when it comes next. */
function skip(text: string): boolean {
  const at = pos;
  for (let i = 0; i < text.length; i++) if (buf[at + i] !== text.charCodeAt(i)) return false;
  pos = at + text.length;
  return true;
}

/** Steps over a JSON string of printable ASCII without escapes; returns where its text ends, or -1 when `unless` occurs in it. */
function stringEnd(unless: number): number {
  if (buf[pos] !== QUOTE) throw new Mismatch();
  let at = pos + 1;
  let found = false;
  for (let byte = buf[at]; byte !== QUOTE; byte = buf[++at]) {
    if (byte === undefined || byte < 0x20 || byte > 0x7e || byte === BACKSLASH) throw new Mismatch();
    if (byte === unless) found = true;
  }
  pos = at + 1;
  return found ? -1 : at;
}

function string(): string {
  const start = pos + 1;
  return buf.latin1Slice(start, stringEnd(-1));
}

const SHA256 = /^[0-9a-f]{64}$/;

/** A string of 64 lower-case hex digits (a SHA-256); checked as a string, a quarter of the time a byte loop takes. */
function hex64(): string {
  if (buf[pos] !== QUOTE || buf[pos + 65] !== QUOTE) throw new Mismatch();
  const text = buf.latin1Slice(pos + 1, pos + 65);
  if (!SHA256.test(text)) throw new Mismatch();
  pos += 66;
  return text;
}

/** A non-negative integer written plainly, as JSON.stringify writes one. */
function integer(): number {
  const start = pos;
  let value = 0;
  for (let byte = buf[pos]; byte >= 0x30 && byte <= 0x39; byte = buf[++pos]) value = value * 10 + byte - 0x30;
  if (pos === start || pos - start > 15 || (buf[start] === 0x30 && pos - start > 1)) throw new Mismatch();
  return value;
}

// Neighbouring files share a content language: the last one's string is reused when the bytes match.
let language = { start: 0, end: 0, text: '' };

function contentLanguage(): string | null {
  if (skip('null')) return null;
  const start = pos + 1;
  const length = language.end - language.start;
  if (length > 0 && buf[start + length] === QUOTE && buf.compare(buf, language.start, language.end, start, start + length) === 0) {
    pos = start + length + 1;
    return language.text;
  }
  const end = stringEnd(-1);
  language = { start, end, text: buf.latin1Slice(start, end) };
  return language.text;
}

function entry(result: ScannedFiles): void {
  expect('\n    ');
  const key = string();
  expect(': {\n      "bytes": ');
  const bytes = integer();
  expect(',\n      "content_language": ');
  const language = contentLanguage();
  expect(',\n      "encodings": {');
  const encodings: DistFile['encodings'] = {};
  if (!skip('}')) {
    do {
      expect('\n        ');
      const name = string();
      expect(': ');
      const size = integer();
      if (name === 'br' || name === 'gzip') encodings[name] = size;
    } while (skip(','));
    expect('\n      }');
  }
  expect(',\n      "requests": [');
  if (!skip(']')) {
    do {
      expect('\n        ');
      const start = pos + 1;
      const end = stringEnd(QUERY);
      if (end >= 0) result.paths.push([buf.latin1Slice(start, end), key]);
    } while (skip(','));
    expect('\n      ]');
  }
  expect(',\n      "sha256": ');
  const sha256 = hex64();
  expect('\n    }');
  result.files.set(key, { bytes, sha256, contentLanguage: language, encodings });
}

/** The manifest's files, scanned; undefined when it is not in the canonical layout. */
export function scanManifest(bytes: Buffer): ScannedFiles | undefined {
  const at = bytes.indexOf(FILES);
  if (at < 0) return undefined;
  buf = bytes as Latin1;
  pos = at + FILES.length;
  language = { start: 0, end: 0, text: '' };
  const result: ScannedFiles = { files: new Map(), paths: [], rest: undefined };
  try {
    if (!skip('}')) {
      do entry(result);
      while (skip(','));
      expect('\n  }');
    }
    result.rest = JSON.parse(`${bytes.toString('utf8', 0, at + FILES.length)}}${bytes.toString('utf8', pos)}`);
    return result;
  } catch (error) {
    if (error instanceof Mismatch || error instanceof SyntaxError) return undefined;
    throw error;
  } finally {
    buf = EMPTY; // the manifest's bytes are not kept
  }
}
