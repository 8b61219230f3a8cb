/**
 * Which files two releases' manifests say differ, and so what a mirror or a CDN must upload and delete
 * to go from one to the other. Only manifests are read: a file is the same where its SHA-256 is, and
 * so are its .br/.gz copies, which the build makes the same from the same bytes.
 */
import { SUFFIX } from '../../contract/layout.ts';
import { filesOnDisk, type ManifestFile } from '../../contract/manifest.ts';

export interface Manifest {
  release: { id: string };
  files: Record<string, ManifestFile>;
}

export interface FilesDiff {
  from: string;
  to: string;
  changed: string[];
  added: string[];
  removed: string[];
  unchanged: number;
  /** Files and copies to upload, then manifest.json and its columns, last, where the manifests differ. */
  upload: string[];
  /** Bytes of the files and copies to upload, the manifest and its columns aside. */
  uploadBytes: number;
  /** Files and copies the new release no longer has. */
  delete: string[];
}

/** Every file a manifest lists on disk, compressed copies included, with what identifies its content and its size. */
function contentsOnDisk(manifest: Manifest): Map<string, { content: string; bytes: number }> {
  const files = new Map<string, { content: string; bytes: number }>();
  for (const [path, entry] of Object.entries(manifest.files)) {
    for (const file of filesOnDisk(path, entry)) files.set(file.path, { content: entry.sha256 + SUFFIX[file.coding], bytes: file.bytes });
  }
  return files;
}

/** `manifestsDiffer`: whether the two manifest.json files differ at all (the release id alone changes them). */
export function diffFiles(from: Manifest, to: Manifest, manifestsDiffer: boolean): FilesDiff {
  const before = contentsOnDisk(from);
  const after = contentsOnDisk(to);
  const upload = [...after].filter(([path, file]) => before.get(path)?.content !== file.content);
  const paths = Object.keys(to.files);
  const changed = paths.filter((path) => Object.hasOwn(from.files, path) && from.files[path].sha256 !== to.files[path].sha256);
  const added = paths.filter((path) => !Object.hasOwn(from.files, path));
  return {
    from: from.release.id,
    to: to.release.id,
    changed,
    added,
    removed: Object.keys(from.files).filter((path) => !Object.hasOwn(to.files, path)),
    unchanged: paths.length - changed.length - added.length,
    upload: [...upload.map(([path]) => path), ...(manifestsDiffer ? ['manifest.json', 'manifest.columns.json'] : [])],
    uploadBytes: upload.reduce((sum, [, file]) => sum + file.bytes, 0),
    delete: [...before.keys()].filter((path) => !after.has(path)),
  };
}
