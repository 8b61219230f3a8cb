/**
 * dist/manifest.columns.json: what the gateway reads of manifest.json, laid out to load fast. The
 * manifest describes 75k files as 75k objects (23 MB); parsing it is most of a gateway worker's start
 * (0.3 s). Here each file field is one array (or, for the hashes, one string) in manifest order, so
 * loading is a few large JSON values. It is derived from the written manifest and names its SHA-256,
 * so a gateway (and `npm run verify`) can tell it belongs to the manifest beside it.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { canonicalJson, writeAtomically } from '../lib/canonical-json.ts';
import type { ManifestFile } from './writer.ts';

export const COLUMNS_VERSION = 1;

type Manifest = { files: Record<string, ManifestFile> } & Record<string, unknown>;

export function manifestColumns(manifest: Manifest, manifestText: string) {
  const { files, ...rest } = manifest;
  const entries = Object.entries(files);
  const paths: Record<string, string> = {};
  for (const [key, entry] of entries) for (const request of entry.requests) if (!request.includes('?')) paths[request] = key;
  return {
    columns_version: COLUMNS_VERSION,
    manifest_bytes: Buffer.byteLength(manifestText),
    manifest_sha256: createHash('sha256').update(manifestText).digest('hex'),
    manifest: rest,
    files: {
      key: entries.map(([key]) => key),
      bytes: entries.map(([, entry]) => entry.bytes),
      sha256: entries.map(([, entry]) => entry.sha256).join(''),
      content_language: entries.map(([, entry]) => entry.content_language),
      br: entries.map(([, entry]) => entry.encodings.br ?? null),
      gzip: entries.map(([, entry]) => entry.encodings.gzip ?? null),
    },
    paths,
  };
}

/** Writes manifest.json and its columns into `dir`, canonically; returns the manifest's size in bytes. */
export function writeManifest(dir: string, manifest: Manifest): number {
  const manifestText = canonicalJson(manifest);
  writeAtomically(join(dir, 'manifest.json'), manifestText);
  writeAtomically(join(dir, 'manifest.columns.json'), canonicalJson(manifestColumns(manifest, manifestText)));
  return Buffer.byteLength(manifestText);
}
