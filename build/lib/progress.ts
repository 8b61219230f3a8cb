/**
 * What the build says while it runs, for a person waiting on a first `npm start`: a line as each stage
 * starts, and on a terminal a bar for the long stage, redrawn in place. Written to a pipe or a file (CI,
 * a log) it gives the lines alone: no bar, no carriage returns.
 */
export interface Progress {
  /** A stage starts, or a result worth a line: one line. */
  line(text: string): void;
  /** How far the current stage is: a bar on a terminal, nothing elsewhere. */
  bar(done: number, total: number, detail: string): void;
}

const BAR_WIDTH = 30;
/** Erases from the cursor to the end of the line (ECMA-48 EL), so a shorter redraw leaves nothing behind. */
const ERASE_LINE = '\x1b[K';

export function progressOn(out: { isTTY?: boolean; write(text: string): unknown }, prefix: string): Progress {
  let barShown = false;
  return {
    line(text) {
      out.write(`${barShown ? `\r${ERASE_LINE}` : ''}${prefix}${text}\n`);
      barShown = false;
    },
    bar(done, total, detail) {
      if (!out.isTTY) return;
      const filled = total > 0 ? Math.min(BAR_WIDTH, Math.round((done / total) * BAR_WIDTH)) : 0;
      out.write(`\r${prefix}[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${done}/${total} ${detail}${ERASE_LINE}`);
      barShown = true;
    },
  };
}
