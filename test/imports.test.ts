/**
 * Imports run one way (data -> build -> dist -> gateway, nginx, edge): the import statements of every
 * source file, read with TypeScript's own pre-parser, checked against the rules of the layout. A rule
 * names the files it holds for and what they may not import; a transitive rule follows imports
 * through every file reached (the edge's Worker must not reach Node-only code through contract/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from './helpers/paths.ts';

const FOLDERS = ['build', 'contract', 'gateway', 'launch', 'nginx', 'edge', 'bench', 'test'];
const SOURCE = /\.(ts|js|cjs|mjs)$/;

/** Every source file of the code folders, as a path from the repository's root. */
function sourceFiles(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
      .filter((file) => !file.split('/').includes('node_modules')),
  );
}

/** What a file imports: a relative import as a path from the root, anything else (a package, `node:fs`) as written. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return importedFiles.map(({ fileName }) => (fileName.startsWith('.') ? normalize(join(dirname(file), fileName)) : fileName));
}

const GRAPH = new Map(sourceFiles().map((file) => [file, importsOf(file)]));

const under =
  (...folders: string[]) =>
  (path: string) =>
    folders.some((folder) => path.startsWith(`${folder}/`));
const isRepoFile = (path: string) => GRAPH.has(path);
const isNodeBuiltin = (path: string) => path.startsWith('node:') || builtinModules.includes(path.split('/')[0]);
const isNodeOnlyFolder = under('build', 'gateway', 'launch', 'nginx', 'edge/node', 'bench', 'test');

interface Rule {
  rule: string;
  /** The files the rule holds for. */
  files: (file: string) => boolean;
  /** An import the rule refuses. */
  refuses: (imported: string) => boolean;
  /** Whether to follow imports through every file reached, not only the file's own. */
  transitive?: boolean;
}

const RULES: Rule[] = [
  {
    rule: 'contract/ imports nothing of the repository outside contract/',
    files: under('contract'),
    refuses: (path) => isRepoFile(path) && !under('contract')(path),
  },
  {
    rule: 'edge/ (but edge/node/) reaches no Node-only code: no Node built-in, nothing of build/, gateway/, launch/, nginx/, edge/node/',
    files: (file) => under('edge')(file) && !under('edge/node')(file),
    refuses: (path) => isNodeBuiltin(path) || isNodeOnlyFolder(path),
    transitive: true,
  },
  { rule: 'build/ imports nothing of gateway/', files: under('build'), refuses: under('gateway') },
  { rule: 'gateway/ imports nothing of build/ (it runs the build as a child process)', files: under('gateway'), refuses: under('build') },
  {
    rule: 'build/ imports nothing of the browser page (build/page/)',
    files: (file) => under('build')(file) && !under('build/page')(file),
    refuses: under('build/page'),
  },
  {
    rule: 'a validator (build/validate/) imports no importer (build/import/) and no writer (build/write/)',
    files: under('build/validate'),
    refuses: under('build/import', 'build/write'),
  },
  { rule: 'nginx/ and edge/ import none of the gateway: what servers share to start is in launch/', files: under('nginx', 'edge'), refuses: under('gateway') },
  { rule: 'launch/ imports only launch/ and contract/', files: under('launch'), refuses: (path) => isRepoFile(path) && !under('launch', 'contract')(path) },
];

/** Every import that `file` makes, with the chain of files that leads to it when followed transitively. */
function reached(file: string, transitive: boolean): { imported: string; via: string[] }[] {
  const found: { imported: string; via: string[] }[] = [];
  const seen = new Set([file]);
  const queue: { file: string; via: string[] }[] = [{ file, via: [file] }];
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const imported of GRAPH.get(next.file) ?? []) {
      found.push({ imported, via: next.via });
      if (transitive && isRepoFile(imported) && !seen.has(imported)) {
        seen.add(imported);
        queue.push({ file: imported, via: [...next.via, imported] });
      }
    }
  }
  return found;
}

const imports = suite('imports');

imports('should read the import statements of every source file, static, dynamic and require', () => {
  assert.ok(GRAPH.size > 200, `${GRAPH.size} files`);
  assert.ok(GRAPH.get('gateway/main.ts')?.includes('launch/freshness.ts'), 'gateway/main.ts imports launch/freshness.ts');
  assert.ok(GRAPH.get('gateway/start.cjs')?.includes('gateway/main.ts'), 'gateway/start.cjs require()s ./main.ts');
  assert.ok(GRAPH.get('build/page/fields.js')?.includes('build/page/postal-code.js'), 'a page module imports its neighbour');
});

for (const { rule, files, refuses, transitive = false } of RULES) {
  imports(`should hold: ${rule}`, () => {
    const holdsFor = [...GRAPH.keys()].filter(files);
    assert.ok(holdsFor.length > 0, 'the rule holds for no file: its folder moved?');
    const breaches = holdsFor.flatMap((file) =>
      reached(file, transitive)
        .filter(({ imported }) => refuses(imported))
        .map(({ imported, via }) => `${via.join(' -> ')} -> ${imported}`),
    );
    assert.equal([...new Set(breaches)], []);
  });
}

imports('should find a breach where there is one (each rule refuses what it names)', () => {
  const probes: [rule: number, imported: string][] = [
    [0, 'build/lib/canonical-json.ts'],
    [1, 'node:fs'],
    [1, 'launch/keys.ts'],
    [2, 'gateway/app.ts'],
    [3, 'build/build.ts'],
    [4, 'build/page/postal-code.js'],
    [5, 'build/import/sources.ts'],
    [5, 'build/write/writer.ts'],
    [6, 'gateway/config.ts'],
    [7, 'gateway/auth.ts'],
  ];
  for (const [index, imported] of probes) assert.ok(RULES[index].refuses(imported), `${RULES[index].rule}: ${imported}`);
  assert.not.ok(RULES[1].refuses('contract/layout.ts'), 'the edge may import contract/');
});

imports.run();
