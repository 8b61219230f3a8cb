/**
 * data/conventions.json: per country the calendar and display conventions CLDR's supplemental data
 * gives (weekData: first day of the week, weekend; measurementData: measurement system, paper size;
 * timeData: the preferred hour cycle). They say how a calendar or clock is shown, not the legal work
 * week. Where CLDR has no entry for the country its world default (001) applies, and `cldr_default`
 * lists those fields, so a reader can tell a stated convention from the default.
 */
import { conventionsData } from '../lib/cldr-core.ts';

const HOUR_CYCLE: Record<string, string> = { h: 'h12', H: 'h23', K: 'h11', k: 'h24' };

export function importConventions(countryCodes: string[]) {
  const { weekData: week, measurementData: measurement, timeData: time } = conventionsData();
  if (!week?.firstDay?.['001'] || !measurement?.paperSize?.['001'] || !time?.['001']?._preferred) {
    throw new Error('cldr-core: weekData, measurementData or timeData lacks its world default (001); has the layout changed?');
  }
  return countryCodes.map((country) => {
    const defaults: string[] = [];
    const of = <T>(field: string, table: Record<string, T>): T => {
      if (country in table) return table[country];
      defaults.push(field);
      return table['001'];
    };
    const preferred = of('hour_cycle', time)._preferred;
    if (!preferred || !HOUR_CYCLE[preferred]) throw new Error(`cldr-core timeData: ${country} prefers ${preferred}, which is no hour cycle known here`);
    return {
      country,
      first_day: of('first_day', week.firstDay) as string,
      weekend: { start: of('weekend', week.weekendStart) as string, end: (week.weekendEnd[country] ?? week.weekendEnd['001']) as string },
      measurement_system: of('measurement_system', measurement.measurementSystem) as string,
      paper_size: of('paper_size', measurement.paperSize) as string,
      hour_cycle: HOUR_CYCLE[preferred],
      cldr_default: defaults,
    };
  });
}
