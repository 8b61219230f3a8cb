/**
 * The edge on this machine the way production runs it: the Worker as `wrangler deploy` bundles it
 * (its dry run), on workerd (through Miniflare, the runtime's local host), with the upload directory
 * as its assets binding and the keys as the API_KEY_DIGESTS secret. Local workerd is not the CDN: no
 * compression by the platform's edge, no cache in front, one process.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { Miniflare } from 'miniflare';
import { compatibilityDate } from './wrangler.ts';

export interface LocalEdgeOptions {
  /** The bundled Worker (dryRun's `script`). */
  script: string;
  uploadDir: string;
  /** The API_KEY_DIGESTS secret: a keys file's text. */
  keyDigests: string;
  corsOrigins?: string;
  cacheMb?: number;
  host: string;
  /** 0 for any free port. */
  port: number;
  /** Where workerd's output (the Worker's log, its own errors) goes; printed when not given. */
  output?: (text: string) => void;
}

export interface LocalEdge {
  url: URL;
  port: number;
  stop: () => Promise<void>;
}

export async function startLocalEdge({ script, uploadDir, keyDigests, corsOrigins = '*', cacheMb, host, port, output }: LocalEdgeOptions): Promise<LocalEdge> {
  const miniflare = new Miniflare({
    // The bundle is one module; its name only has to be below modulesRoot.
    modulesRoot: dirname(script),
    modules: [{ type: 'ESModule', path: script, contents: readFileSync(script, 'utf8') }],
    compatibilityDate: compatibilityDate(),
    bindings: { API_KEY_DIGESTS: keyDigests, CORS_ORIGINS: corsOrigins, ...(cacheMb === undefined ? {} : { EDGE_CACHE_MB: String(cacheMb) }) },
    // As wrangler.toml's [assets].
    assets: {
      directory: uploadDir,
      binding: 'ASSETS',
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
      assetConfig: { html_handling: 'none', not_found_handling: 'none' },
    },
    host,
    port,
    ...(output && {
      handleRuntimeStdio: (stdout: Readable, stderr: Readable) =>
        [stdout, stderr].forEach((stream) => stream.on('data', (chunk: Buffer) => output(String(chunk)))),
    }),
  });
  const url = await miniflare.ready;
  return { url, port: Number(url.port), stop: () => miniflare.dispose() };
}
