/**
 * The gateway as a child process, the way `npm start` runs it (gateway/start.cjs), or another entry
 * (`npm run serve:nginx`: nginx/serve-nginx.ts, under tsx), with exactly the environment a test
 * gives (plus PATH), and ways to wait for its output and its exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './paths.ts';

export interface Started {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in stdout + stderr; rejects if the process exits first. */
  waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startGatewayProcess(env: Record<string, string>, entry = 'gateway/start.cjs'): Started {
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', join(ROOT, entry)] : [join(ROOT, entry)];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH!, HOST: '127.0.0.1', PORT: '0', WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let closed = false;
  // 'close' comes after the output streams end, so nothing printed is missed.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => {
      closed = true;
      resolve({ code, signal });
      for (const listener of listeners) listener();
    });
  });

  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = output.match(pattern);
        if (match) {
          listeners.delete(check);
          resolve(match);
        } else if (closed) {
          listeners.delete(check);
          reject(new Error(`gateway exited before printing ${pattern}:\n${output}`));
        }
      };
      listeners.add(check);
      check();
    });
  return { child, output: () => output, waitFor, exited };
}

/** A port free on 127.0.0.1 now, for a server that cannot be told to pick one (nginx). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
