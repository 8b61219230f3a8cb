/**
 * The dist being served, replaced by a newer one without losing a request. A build swaps its tree in
 * by renaming (dist -> dist.old-PID, staging -> dist) and then deletes the old tree; so each opened
 * dist reads its files through a descriptor of its own directory (/proc/self/fd/N on Linux), which
 * follows that tree through the renames. A reload opens and verifies the new tree completely, makes
 * its app, then makes it current in one assignment: each request is answered wholly by one dist (its
 * files are read as it is answered, synchronously). A request whose file was deleted under the old
 * dist is answered again by the new one. A dist that fails to open or verify is not served.
 */
import { closeSync, fstatSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Handler } from './app.ts';
import type { VerifyLevel } from './config.ts';
import { openDist, type Dist } from './dist.ts';
import { MANIFEST_FILE } from '../contract/layout.ts';
import type { Res } from './send.ts';
import { verifyFiles } from '../contract/verify-files.ts';

export interface LiveDistOptions {
  dir: string;
  /** How a new dist is checked before it serves (the first one is checked while it serves: serve.ts). */
  verify: VerifyLevel;
  /** The app for an opened dist; `retry` is for it (AppOptions.retry). */
  createApp: (dist: Dist, retry: (req: Parameters<Handler>[0], res: Res) => boolean) => Handler;
  log: (line: string) => void;
}

interface Generation {
  dist: Dist;
  handle: Handler;
  /** manifest.json as opened (device, inode, size, mtime). */
  identity: string;
  /** Closes the descriptor the dist is read through. */
  release: () => void;
}

const RETRIED = Symbol('answered again by a newer dist');

/** The manifest.json in `dir` as it is on disk now (device, inode, size, mtime); throws when there is none. */
function manifestIdentity(dir: string): string {
  const stats = statSync(join(dir, MANIFEST_FILE));
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}

/** A path that keeps naming the directory `dir` names now, wherever it is renamed to; `dir` itself where there is no /proc. */
function pin(dir: string): { path: string; release: () => void } {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch {
    return { path: dir, release: () => {} }; // openDist says why
  }
  const path = `/proc/self/fd/${fd}`;
  try {
    if (statSync(path).ino === fstatSync(fd).ino) return { path, release: () => closeSync(fd) };
  } catch {
    /* no procfs */
  }
  closeSync(fd);
  return { path: dir, release: () => {} };
}

export class LiveDist {
  #options: LiveDistOptions;
  #current: Generation;
  /** A reload asked for and not yet started (later calls join it), and the last one in line. */
  #waiting: { promise: Promise<void>; force: boolean } | undefined;
  #last: Promise<void> = Promise.resolve();
  /** The manifest of a dist that was refused: not tried again until it changes, or a reload is forced. */
  #refused: string | undefined;

  /** Opens the dist at `options.dir` now; throws DistError when it cannot serve. */
  constructor(options: LiveDistOptions) {
    this.#options = options;
    this.#current = this.#open();
  }

  get dist(): Dist {
    return this.#current.dist;
  }

  handle: Handler = (req, res) => this.#current.handle(req, res);

  /**
   * Opens the dist at `dir` again, unless its manifest is the one served (or one refused) and the
   * reload is not forced, and serves it once it opened and verified; otherwise keeps the one served.
   */
  reload(reason: string, force = false): Promise<void> {
    if (this.#waiting) {
      this.#waiting.force ||= force;
      return this.#waiting.promise;
    }
    const waiting = { force, promise: Promise.resolve() };
    waiting.promise = this.#last.then(() => {
      this.#waiting = undefined;
      return this.#reloadNow(reason, waiting.force);
    });
    this.#waiting = waiting;
    this.#last = waiting.promise;
    return waiting.promise;
  }

  /** Lets go of the directory the dist served is read through (the server has closed). */
  close(): void {
    this.#current.release();
  }

  /** Whether `dist` is still served, and its manifest still the one on disk (a new build's tree has not replaced it). */
  serves(dist: Dist): boolean {
    try {
      return this.#current.dist === dist && manifestIdentity(this.#options.dir) === this.#current.identity;
    } catch {
      return false;
    }
  }

  /** Opens the dist at `dir` as it is now, read through a pinned path; throws DistError when it cannot serve. */
  #open(): Generation {
    const { dir, createApp } = this.#options;
    const pinned = pin(dir);
    try {
      const dist = openDist(dir, { readFrom: pinned.path });
      const handle = createApp(dist, (req, res) => this.#retry(req, res));
      return { dist, handle, identity: manifestIdentity(pinned.path), release: pinned.release };
    } catch (error) {
      pinned.release();
      throw error;
    }
  }

  /** The first file that cannot be read sends the request to the dist served after a reload, once. */
  #retry(req: Parameters<Handler>[0], res: Res): boolean {
    const request = req as typeof req & { [RETRIED]?: true };
    if (request[RETRIED]) return false;
    request[RETRIED] = true;
    void this.reload('a file of the dist served is gone').then(() => this.#current.handle(req, res));
    return true;
  }

  async #reloadNow(reason: string, force: boolean): Promise<void> {
    const { dir, verify, log } = this.#options;
    const was = this.#current;
    const kept = (why: string) => log(`reload (${reason}): kept release ${was.dist.release.id}: ${why}`);
    let identity: string;
    try {
      identity = manifestIdentity(dir);
    } catch (error) {
      // Between a build's two renames there is no manifest for a moment: the watch looks again later.
      return force ? kept(`${join(dir, MANIFEST_FILE)}: ${(error as NodeJS.ErrnoException).code}`) : undefined;
    }
    if (!force && (identity === was.identity || identity === this.#refused)) return;
    let next: Generation | undefined;
    try {
      next = this.#open();
      if (verify !== 'off') {
        const { dist } = next;
        const { problems } = await verifyFiles(dist.dir, dist.files, { hashes: verify === 'full', manifestSha256: dist.manifestSha256 });
        if (problems.length > 0) throw new Error(`${problems.length} file(s) differ from the manifest, such as ${problems[0]}`);
      }
    } catch (error) {
      next?.release();
      this.#refused = next?.identity ?? identity;
      return kept((error as Error).message);
    }
    this.#current = next;
    this.#refused = undefined;
    was.release();
    log(`reload (${reason}): serving release ${this.#current.dist.release.id} (was ${was.dist.release.id})`);
  }
}
