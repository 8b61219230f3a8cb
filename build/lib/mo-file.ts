import { readFileSync } from 'node:fs';

/** Reads a GNU gettext .mo catalogue into a msgid -> msgstr map (plural forms keep their first form). */
export function readMoFile(file: string): Map<string, string> {
  const buffer = readFileSync(file);
  const magic = buffer.readUInt32LE(0);
  const read = magic === 0x950412de ? (at: number) => buffer.readUInt32LE(at) : magic === 0xde120495 ? (at: number) => buffer.readUInt32BE(at) : null;
  if (!read) throw new Error(`${file}: not a gettext .mo file`);
  const count = read(8);
  const originals = read(12);
  const translations = read(16);
  const messages = new Map<string, string>();
  for (let index = 0; index < count; index++) {
    const text = (table: number) => {
      const length = read(table + index * 8);
      const offset = read(table + index * 8 + 4);
      return buffer.toString('utf8', offset, offset + length).split('\0')[0];
    };
    const msgid = text(originals);
    const msgstr = text(translations);
    if (msgid && msgstr) messages.set(msgid, msgstr);
  }
  return messages;
}
