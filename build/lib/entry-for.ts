/** The entry of a per-country dataset for `country`. A country without one means a broken dataset: it throws, never answers undefined. */
export function entryFor<T extends { country: string }>(entries: readonly T[], country: string, dataset: string): T {
  const entry = entries.find((candidate) => candidate.country === country);
  if (!entry) throw new Error(`data/${dataset}.json has no entry for ${country}`);
  return entry;
}
