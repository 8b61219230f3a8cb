import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from './helpers/paths.ts';

const pack = suite('pack-dist');

pack('should produce the same archive bytes however the files were timestamped', () => {
  const work = mkdtempSync(join(tmpdir(), 'country-pack-'));
  try {
    const dist = join(work, 'dist');
    mkdirSync(join(dist, 'v1', 'countries'), { recursive: true });
    writeFileSync(join(dist, 'manifest.json'), '{"release":{"id":"2026-11-01.abc","date":"2026-11-01"}}\n');
    writeFileSync(join(dist, 'v1', 'countries', 'BR.json'), '{"code":"BR"}');
    const archive = (name: string) => {
      execFileSync(process.execPath, ['--import', 'tsx', 'build/pack-dist.ts', dist, join(work, name)], { cwd: ROOT, stdio: 'pipe' });
      return readFileSync(join(work, name));
    };
    const first = archive('first.tar.gz');
    utimesSync(join(dist, 'v1', 'countries', 'BR.json'), new Date(), new Date(Date.now() - 86_400_000));
    const second = archive('second.tar.gz');
    assert.ok(first.equals(second));
    const listing = execFileSync('tar', ['-tzvf', join(work, 'first.tar.gz')], { encoding: 'utf8' });
    assert.match(listing, 'dist/v1/countries/BR.json');
    assert.match(listing, '2026-11-01');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

pack.run();
