/** A breach of the data gate: which file, where in it (JSON pointer), and why. */
export interface Problem {
  file: string;
  pointer: string;
  reason: string;
}

export class Problems {
  readonly list: Problem[] = [];
  constructor(private readonly file: string) {}
  add(pointer: string, reason: string): void {
    this.list.push({ file: this.file, pointer, reason });
  }
}

export function formatProblem(problem: Problem): string {
  return `${problem.file}#${problem.pointer}: ${problem.reason}`;
}
