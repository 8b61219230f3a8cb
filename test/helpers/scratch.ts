/**
 * A new folder for a tree a test writes and throws away (a build's output): in memory (/dev/shm) where the
 * machine has room there, else in the temp dir. On ext4 a file created in a new folder costs the kernel many
 * times what it costs on tmpfs, and a dist is thousands of folders: the same tree, far less CPU.
 * Not for what is linked to the test dists: a hard link cannot cross file systems.
 */
import { mkdtempSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MEMORY = '/dev/shm';
/** Room a tree of the few countries' dist takes with its staging tree, and more. */
const ROOM = 512 * 1024 * 1024;

function roomIn(dir: string): number {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return 0; // no such folder here
  }
}

export function scratchDir(prefix: string): string {
  if (roomIn(MEMORY) >= ROOM) {
    try {
      return mkdtempSync(join(MEMORY, prefix));
    } catch {
      /* not writable here: the temp dir */
    }
  }
  return mkdtempSync(join(tmpdir(), prefix));
}
