/**
 * @countrystatecity/countries (the dr5hn countries-states-cities database, ODbL; read here only to
 * compare, nothing of it is copied into data/): states with their ISO 3166-2 codes, types and English
 * names. Compared: which codes exist, each one's type, and that its English name is one of ours
 * (English or ISO's), ignoring case, accents and punctuation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir } from '../../lib/upstream.ts';
import type { Comparison } from '../references.ts';
import { comparing } from './comparing.ts';
import type { Datasets } from '../../types/datasets.ts';

const REFERENCE = '@countrystatecity/countries';

interface State {
  iso3166_2: string | null;
  name: string;
  native: string | null;
  type: string | null;
}

const comparable = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function theirStates(): Map<string, State> {
  const root = join(packageDir(REFERENCE), 'dist', 'data');
  const states = new Map<string, State>();
  for (const folder of readdirSync(root)) {
    let list: State[];
    try {
      list = JSON.parse(readFileSync(join(root, folder, 'states.json'), 'utf8'));
    } catch {
      continue; // countries without states have no file
    }
    for (const state of list) if (state.iso3166_2) states.set(state.iso3166_2, state);
  }
  if (states.size < 4000) throw new Error(`${REFERENCE}: found ${states.size} states with ISO 3166-2 codes, expected over 4000`);
  return states;
}

export function compareWithCountryStateCity(data: Datasets): Comparison {
  const ours = new Map(data.subdivisions.map((subdivision) => [subdivision.code, subdivision]));
  const theirs = theirStates();
  const { comparison, check } = comparing(REFERENCE);
  for (const code of [...new Set([...ours.keys(), ...theirs.keys()])].sort()) {
    const subdivision = ours.get(code);
    const state = theirs.get(code);
    check(`${code}/exists`, Boolean(subdivision), Boolean(state), Boolean(subdivision && state));
    if (!subdivision || !state) continue;
    check(`${code}/type`, subdivision.type, state.type, !state.type || comparable(state.type) === comparable(subdivision.type));
    const held = new Set([subdivision.name.en, subdivision.iso_name].map(comparable));
    check(`${code}/name/en`, subdivision.name.en, state.name, held.has(comparable(state.name)) || Boolean(state.native && held.has(comparable(state.native))));
  }
  return comparison;
}
