/**
 * The dist being served, replaced by a newer one without losing a request. A build swaps its tree in
 * by renaming (dist -> dist.old-PID, staging -> dist) and then deletes the old tree; so each opened
 * dist reads its files through a descriptor of its own directory (/proc/self/fd/N on Linux), which
 * follows that tree through the renames. A reload (SIGHUP, the manifest changing on disk, or a file
 * found gone) opens and verifies the new tree completely, builds its app, then makes it current in
 * one assignment: each request is answered wholly by one dist. A request whose file was deleted under
 * the old dist is answered again by the new one. A dist that fails to open or verify is not served.
 */
import { closeSync, fstatSync, openSync, statSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { VerifyLevel } from './config.ts';
import { openDist, type Dist } from './dist.ts';
import type { Answerer } from './fast-path.ts';
import { verifyFiles, type VerifyOptions, type VerifyResult } from './verify-dist.ts';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;
export type Retry = (req: IncomingMessage, res: ServerResponse) => boolean;

/** How an opened dist is served: its request handler, and its answers from memory for the fast path. */
export interface DistApp {
  handle: Handler;
  answer?: Answerer;
}

export interface LiveDistOptions {
  dir: string;
  /** How a new dist is checked before it serves (the first one is checked while it serves: serve.ts). */
  verify: VerifyLevel;
  /** The app for an opened dist; `retry` is for it (see GatewayOptions.retry). */
  createApp: (dist: Dist, retry: Retry) => DistApp;
  log: (line: string) => void;
  /** How often to look at manifest.json for a new build, in ms; 0 does not look. */
  watchMs?: number;
}

interface Generation {
  dist: Dist;
  app: DistApp;
  /** manifest.json as opened (device, inode, size, mtime). */
  identity: string;
  /** Requests dispatched to it and not yet closed; the pin is released at 0 once it is retired. */
  open: number;
  retired: boolean;
  release: () => void;
}

const RETRIED = Symbol('answered again by a newer dist');
const identityOf = (stats: Stats) => `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;

/** A path that keeps naming the directory `dir` names now, wherever it is renamed to; `dir` itself where there is no /proc. */
function pin(dir: string): { path: string; release: () => void } {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch {
    return { path: dir, release: () => {} }; // openDist reports why
  }
  const path = `/proc/self/fd/${fd}`;
  try {
    if (statSync(path).ino === fstatSync(fd).ino) return { path, release: () => closeSync(fd) };
  } catch { /* no procfs */ }
  closeSync(fd);
  return { path: dir, release: () => {} };
}

export class LiveDist {
  #options: LiveDistOptions;
  #current: Generation;
  /** A reload that has been asked for and not yet started, and the last one in line. */
  #pending: Promise<void> | undefined;
  #tail: Promise<void> = Promise.resolve();
  #force = false;
  /** The manifest of a dist that was refused, not tried again until it changes or a reload is forced. */
  #refused: string | undefined;
  #timer: NodeJS.Timeout | undefined;

  /** Opens the dist at `options.dir` now; throws DistError (or the app's error) when it cannot serve. */
  constructor(options: LiveDistOptions) {
    this.#options = options;
    this.#current = this.#open();
    if (options.watchMs) {
      this.#timer = setInterval(() => void this.#look(), options.watchMs);
      this.#timer.unref();
    }
  }

  get dist(): Dist {
    return this.#current.dist;
  }

  handle: Handler = (req, res) => this.#dispatch(this.#current, req, res);

  /** Answered wholly from memory, by one dist: nothing to pin. */
  answer: Answerer = (request, connection) => this.#current.app.answer?.(request, connection);

  /**
   * Opens the dist at `dir` again (unless its manifest is the one served, when not forced) and serves
   * it if it opens and verifies; otherwise keeps the one served. Concurrent calls share one reload
   * that starts after the call.
   */
  reload(reason: string, force = false): Promise<void> {
    if (force) this.#force = true;
    if (!this.#pending) {
      const run = this.#tail.then(() => {
        this.#pending = undefined;
        const forced = this.#force;
        this.#force = false;
        return this.#reloadNow(reason, forced);
      });
      this.#pending = this.#tail = run;
    }
    return this.#pending;
  }

  /**
   * Checks the files of the dist served now (or the given share of them) against its manifest.
   * Undefined when a new build replaced that dist meanwhile: its tree may be deleted by now, and the
   * new one is checked before it serves.
   */
  async checkServed(options: VerifyOptions): Promise<VerifyResult | undefined> {
    const checked = this.#current;
    const result = await verifyFiles(checked.dist.dir, checked.dist.files, { ...options, manifestSha256: checked.dist.manifestSha256 });
    const onDisk = await this.#manifestIdentity().catch(() => undefined);
    return this.#current === checked && onDisk === checked.identity ? result : undefined;
  }

  #manifestIdentity(): Promise<string> {
    return stat(join(this.#options.dir, 'manifest.json')).then(identityOf);
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  #dispatch(generation: Generation, req: IncomingMessage, res: ServerResponse): void {
    generation.open++;
    res.once('close', () => {
      if (--generation.open === 0 && generation.retired) generation.release();
    });
    generation.app.handle(req, res);
  }

  /** The first file that cannot be read sends the request to the dist served after a reload, once. */
  #retry(req: IncomingMessage, res: ServerResponse): boolean {
    const request = req as IncomingMessage & { [RETRIED]?: true };
    if (request[RETRIED]) return false;
    request[RETRIED] = true;
    void this.reload('a file of the dist served is gone').then(() => this.#dispatch(this.#current, req, res));
    return true;
  }

  #open(): Generation {
    const { dir, createApp } = this.#options;
    const pinned = pin(dir);
    try {
      const dist = openDist(dir, { readFrom: pinned.path }); // first: it says best what is wrong with a dist
      const identity = identityOf(statSync(join(pinned.path, 'manifest.json')));
      const app = createApp(dist, (req, res) => this.#retry(req, res));
      return { dist, app, identity, open: 0, retired: false, release: pinned.release };
    } catch (error) {
      pinned.release();
      throw error;
    }
  }

  async #reloadNow(reason: string, force: boolean): Promise<void> {
    const { dir, verify, log } = this.#options;
    const was = this.#current;
    let identity: string;
    try {
      identity = await this.#manifestIdentity();
    } catch (error) {
      return log(`reload (${reason}): kept release ${was.dist.release.id}: ${join(dir, 'manifest.json')}: ${(error as NodeJS.ErrnoException).code}`);
    }
    if (!force && (identity === was.identity || identity === this.#refused)) return;
    let next: Generation | undefined;
    try {
      next = this.#open();
      if (verify !== 'off') {
        const { problems } = await verifyFiles(next.dist.dir, next.dist.files, { hashes: verify === 'full', manifestSha256: next.dist.manifestSha256 });
        if (problems.length > 0) throw new Error(`${problems.length} file(s) differ from the manifest, such as ${problems[0]}`);
      }
    } catch (error) {
      next?.release();
      this.#refused = next?.identity ?? identity;
      return log(`reload (${reason}): kept release ${was.dist.release.id}: ${(error as Error).message}`);
    }
    this.#current = next;
    this.#refused = undefined;
    was.retired = true;
    if (was.open === 0) was.release();
    log(`reload (${reason}): serving release ${next.dist.release.id} (was ${was.dist.release.id})`);
  }

  async #look(): Promise<void> {
    if (this.#pending) return;
    try {
      const identity = await this.#manifestIdentity();
      if (identity !== this.#current.identity && identity !== this.#refused) await this.reload('manifest.json changed');
    } catch { /* mid-swap, or gone: looked at again next time */ }
  }
}
