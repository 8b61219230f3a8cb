/**
 * Debian's tzdata: zone.tab (one line per country and zone, with the coordinates of the zone's
 * principal location) and tzdata.zi (the compiled rules: which IDs are zones and which links).
 */
import { existsSync, readFileSync } from 'node:fs';

export const ZONEINFO = '/usr/share/zoneinfo';

export interface ZoneTabLine {
  country: string;
  coordinates: string;
  zone: string;
  comment: string | null;
}

function requireTzdata(): void {
  if (!existsSync(`${ZONEINFO}/zone.tab`) || !existsSync(`${ZONEINFO}/tzdata.zi`)) {
    throw new Error(`Debian tzdata is not installed (${ZONEINFO}/zone.tab or tzdata.zi missing): apt-get install -y tzdata`);
  }
}

export function readZoneTab(): ZoneTabLine[] {
  requireTzdata();
  const lines = readFileSync(`${ZONEINFO}/zone.tab`, 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));
  const entries = lines.map((line) => {
    const [country, coordinates, zone, comment] = line.split('\t');
    return { country, coordinates, zone, comment: comment ?? null };
  });
  if (!entries.some((entry) => entry.zone === 'Europe/Oslo')) throw new Error(`${ZONEINFO}/zone.tab has no Europe/Oslo; has its layout changed?`);
  return entries;
}

/** The IDs tzdata.zi defines as zones of their own (`Z` lines), as opposed to links to another. */
export function readZoneIds(): Set<string> {
  requireTzdata();
  const ids = new Set(
    readFileSync(`${ZONEINFO}/tzdata.zi`, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('Z '))
      .map((line) => line.split(' ')[1]),
  );
  if (!ids.has('Asia/Kolkata')) throw new Error(`${ZONEINFO}/tzdata.zi defines no zone Asia/Kolkata; has its layout changed?`);
  return ids;
}

/** The tz release (2025b) tzdata.zi was compiled from. */
export function tzdataRelease(): string {
  requireTzdata();
  const release = /^# version (\S+)/.exec(readFileSync(`${ZONEINFO}/tzdata.zi`, 'utf8'))?.[1];
  if (!release) throw new Error(`${ZONEINFO}/tzdata.zi does not start with "# version"`);
  return release;
}

/** ISO 6709 ±DDMM[SS]±DDDMM[SS] to decimal degrees, rounded to 4 places. */
export function iso6709(text: string): { lat: number; lon: number } {
  const match = /^([+-])(\d{2})(\d{2})(\d{2})?([+-])(\d{3})(\d{2})(\d{2})?$/.exec(text);
  if (!match) throw new Error(`zone.tab: coordinates ${text} are not ISO 6709`);
  const degrees = (sign: string, d: string, m: string, s = '0') =>
    Math.round((sign === '-' ? -1 : 1) * (Number(d) + Number(m) / 60 + Number(s) / 3600) * 1e4) / 1e4;
  return { lat: degrees(match[1], match[2], match[3], match[4]), lon: degrees(match[5], match[6], match[7], match[8]) };
}
