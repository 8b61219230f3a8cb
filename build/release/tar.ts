/**
 * The tar inside a release archive: POSIX ustar with regular files only, every header fixed but for
 * name and size (mode 0644, owner 0:0, one mtime), so the same files give the same bytes. Any tar
 * lists and extracts it; the reader takes only what the writer writes.
 */
const BLOCK = 512;

const octal = (value: number, digits: number) => `${value.toString(8).padStart(digits, '0')}\0`;

function checksum(header: Buffer): number {
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) sum += index >= 148 && index < 156 ? 32 : header[index];
  return sum;
}

function header(path: string, size: number, mtime: number): Buffer {
  if (!/^[\x21-\x7e]{1,100}$/.test(path)) throw new Error(`${path}: a path in a release archive is printable ASCII of at most 100 bytes`);
  const block = Buffer.alloc(BLOCK);
  const fields: [number, string][] = [
    [0, path],
    [100, octal(0o644, 7)],
    [108, octal(0, 7)],
    [116, octal(0, 7)],
    [124, octal(size, 11)],
    [136, octal(mtime, 11)],
    [156, '0'],
    [257, 'ustar\x0000'],
  ];
  for (const [offset, value] of fields) block.write(value, offset, 'ascii');
  block.write(octal(checksum(block), 6), 148, 'ascii');
  return block;
}

/** A tar of `files` in the order given, as the buffers to concatenate; `mtime` in seconds since the epoch. */
export function tar(files: Iterable<{ path: string; bytes: Buffer }>, mtime: number): Buffer[] {
  const parts: Buffer[] = [];
  for (const { path, bytes } of files) {
    parts.push(header(path, bytes.length, mtime), bytes);
    if (bytes.length % BLOCK) parts.push(Buffer.alloc(BLOCK - (bytes.length % BLOCK)));
  }
  parts.push(Buffer.alloc(2 * BLOCK)); // two zero blocks end a tar
  return parts;
}

const text = (block: Buffer, offset: number, length: number) => {
  const end = block.indexOf(0, offset);
  return block.toString('ascii', offset, end >= offset && end < offset + length ? end : offset + length);
};

/** The files of a tar written by tar() above, in order; throws on anything else. */
export function* tarFiles(archive: Buffer): Generator<{ path: string; bytes: Buffer }> {
  let offset = 0;
  for (;;) {
    if (offset + BLOCK > archive.length) throw new Error('the tar ends before its end blocks');
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) return;
    const path = text(block, 0, 100);
    if (text(block, 257, 6) !== 'ustar' || Number.parseInt(text(block, 148, 8), 8) !== checksum(block))
      throw new Error(`a damaged tar header after ${path || 'the start'}`);
    if (text(block, 156, 1) !== '0') throw new Error(`${path}: not a regular file`);
    const size = Number.parseInt(text(block, 124, 12), 8);
    const start = offset + BLOCK;
    if (start + size > archive.length) throw new Error(`${path}: the tar ends in the middle of it`);
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
    yield { path, bytes: archive.subarray(start, start + size) };
  }
}
