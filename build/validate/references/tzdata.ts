/**
 * Debian's tzdata: every zone we list must be one of its zones (a line of zone.tab, or a zone that
 * tzdata.zi defines rather than links), and every zone.tab line must be listed under its country.
 * Read here, in the reference gate (npm run validate), so that the build itself needs only data/.
 */
import { readZoneIds, readZoneTab } from '../../lib/tzdata.ts';
import type { Comparison } from '../references.ts';
import { comparing } from './comparing.ts';
import type { Datasets } from '../../types/datasets.ts';

export function compareWithTzdata(data: Datasets): Comparison {
  const tab = readZoneTab();
  const zones = new Set([...readZoneIds(), ...tab.map((line) => line.zone)]);
  const { comparison, check } = comparing('tzdata');
  for (const zone of data['time-zones'].zones) check(`${zone.id}/zone`, zone.id, zones.has(zone.id) ? zone.id : null, zones.has(zone.id));
  const ours = new Map(data['time-zones'].countries.map((entry) => [entry.country, entry.zones]));
  for (const line of tab) {
    const listed = ours.get(line.country)?.includes(line.zone) ?? false;
    check(`${line.country}/${line.zone}`, listed, true, listed);
  }
  return comparison;
}
