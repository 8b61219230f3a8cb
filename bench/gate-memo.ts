/**
 * Proof that the data gate's memo (build/validate/validation-memo.ts) changes nothing the gate prints: every breach
 * of the gate's test (test/helpers/gate-breaches.ts) validated with the memo and whole, the two lists of
 * messages compared byte for byte. `npx tsx bench/gate-memo.ts [--save FILE]`; exits 1 on a difference.
 * `--save` writes the messages as JSON, to compare with another revision's (a change to a check).
 */
import { writeFileSync } from 'node:fs';
import { BREACHES } from '../test/helpers/gate-breaches.ts';
import { gateMessages } from '../test/helpers/gate.ts';

const cpu = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return `${((used.user + used.system) / 1e6).toFixed(1)} s cpu (all threads)`;
};

let start = process.cpuUsage();
let clock = performance.now();
const fresh = await gateMessages(BREACHES, { memo: false });
console.log(`whole: ${((performance.now() - clock) / 1000).toFixed(1)} s wall, ${cpu(start)}`);
start = process.cpuUsage();
clock = performance.now();
const memoized = await gateMessages(BREACHES);
console.log(`memo: ${((performance.now() - clock) / 1000).toFixed(1)} s wall, ${cpu(start)}`);

let differ = 0;
BREACHES.forEach((breach, index) => {
  const [a, b] = [JSON.stringify(fresh[index]), JSON.stringify(memoized[index])];
  if (a === b) return;
  differ++;
  console.error(`${breach.file}: ${breach.rule}\n  whole: ${a}\n  memo:  ${b}`);
});
const save = process.argv.indexOf('--save');
if (save > 0) writeFileSync(process.argv[save + 1], `${JSON.stringify(fresh, null, 1)}\n`);
const messages = fresh.reduce((sum, list) => sum + list.length, 0);
console.log(`${BREACHES.length - differ} of ${BREACHES.length} breaches (${messages} messages) alike with and without the memo`);
process.exit(differ ? 1 : 0);
