/**
 * Log lines written in batches rather than one write per request: the lines of one turn of the event
 * loop go out together at its end, so a busy server makes few writes and an idle one writes at once.
 * Each write is whole lines of at most 4 KiB (PIPE_BUF), so when several cluster workers share one
 * stdout pipe their lines never interleave mid-line.
 */
const MAX_CHARS = 1360; // 1360 UTF-16 code units are at most 4080 bytes of UTF-8

export interface LogSink {
  log: (line: string) => void;
  /** Writes whatever is pending now (before exiting). */
  flush: () => void;
}

export function bufferedLog(write: (text: string) => void = (text) => void process.stdout.write(text)): LogSink {
  let pending: string[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const lines = pending;
    pending = [];
    let chunk = '';
    for (const line of lines) {
      if (chunk !== '' && chunk.length + line.length + 1 > MAX_CHARS) {
        write(chunk);
        chunk = '';
      }
      chunk += `${line}\n`;
    }
    if (chunk !== '') write(chunk);
  };

  const log = (line: string) => {
    pending.push(line);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return { log, flush };
}
