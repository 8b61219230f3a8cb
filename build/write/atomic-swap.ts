/**
 * A build writes a complete new tree beside the live one, then swaps it in with two renames; a
 * failed build removes its own tree and leaves the live one exactly as it was.
 */
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export function stagingDir(distDir: string): string {
  return `${distDir}.tmp-${process.pid}`;
}

/** Swaps the staging tree in; returns the previous tree's new path (to remove once the swap is done), if any. */
export function swapIn(staging: string, distDir: string): string | null {
  const previous = `${distDir}.old-${process.pid}`;
  const hadPrevious = existsSync(distDir);
  if (hadPrevious) renameSync(distDir, previous);
  renameSync(staging, distDir);
  return hadPrevious ? previous : null;
}

export function discard(staging: string): void {
  rmSync(staging, { recursive: true, force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Trees a killed build left behind (`dist.tmp-<pid>`, `dist.old-<pid>`) are never served; remove them. */
export function removeLeftovers(distDir: string): void {
  const parent = dirname(distDir);
  if (!existsSync(parent)) return;
  const prefix = `${basename(distDir)}.`;
  for (const name of readdirSync(parent)) {
    const match = name.startsWith(prefix) ? /^(?:tmp|old)-(\d+)$/.exec(name.slice(prefix.length)) : null;
    if (match && !isRunning(Number(match[1]))) discard(join(parent, name));
  }
}
