/**
 * Scores search answers against the query table (test/fixtures/search-queries.json): top-1 (the first
 * hit is the country meant, or one of those meant alike), precision (the answer holds no country nobody meant: every code is in
 * `answer`, or is `expect` where a case has no `answer`) and completeness (every country of `answer`
 * is there, in its order where the case says `ordered`).
 */
export interface QueryCase {
  q: string;
  locale: string;
  expect: string;
  /** Every country a person typing q could have meant; the answer must hold these and no others. */
  answer?: string[];
  /** True where the order of `answer` is the order the answer must have. */
  ordered?: boolean;
  /** True where the countries of `answer` are meant alike (korea: KR and KP): any of them may come first. */
  equally?: boolean;
  category: string;
  why: string;
  debatable?: boolean;
}

export interface Score {
  total: number;
  top1: number;
  precise: number;
  complete: number;
  summary: string;
  failures: string[];
}

const percent = (part: number, whole: number) => `${(Math.floor((1000 * part) / whole) / 10).toFixed(1)}%`;

export function scoreAnswers(cases: QueryCase[], answerOf: (entry: QueryCase) => string[]): Score {
  let top1 = 0;
  let precise = 0;
  let complete = 0;
  const failures: string[] = [];
  for (const entry of cases) {
    const found = answerOf(entry);
    const meant = entry.answer ?? [entry.expect];
    const first = found[0] === entry.expect || (entry.equally === true && meant.includes(found[0]));
    const extra = found.filter((code) => !meant.includes(code));
    const missing = meant.filter((code) => !found.includes(code));
    const inOrder = !entry.ordered || found.filter((code) => meant.includes(code)).join() === meant.join();
    top1 += first ? 1 : 0;
    precise += extra.length === 0 ? 1 : 0;
    complete += missing.length === 0 && inOrder ? 1 : 0;
    if (!first || extra.length > 0 || missing.length > 0 || !inOrder) {
      const problems = [
        !first && `first ${found[0] ?? 'nothing'}, not ${entry.expect}`,
        extra.length > 0 && `${extra.length} unmeant: ${extra.slice(0, 8).join(' ')}${extra.length > 8 ? ' …' : ''}`,
        missing.length > 0 && `missing ${missing.join(' ')}`,
        !inOrder && `order ${found.filter((code) => meant.includes(code)).join(' ')}`,
      ].filter(Boolean);
      failures.push(`${entry.locale} ${JSON.stringify(entry.q)} (${entry.category}): ${problems.join('; ')}`);
    }
  }
  const total = cases.length;
  const summary = `${total} queries: top-1 ${top1}/${total} (${percent(top1, total)}), precision ${precise}/${total} (${percent(precise, total)}), complete ${complete}/${total} (${percent(complete, total)})`;
  return { total, top1, precise, complete, summary, failures };
}
