/**
 * The query's checks in the generated nginx config: where a query sends a request instead of its file (an
 * unknown name, a parameter given twice or malformed), in the contract's order, written from the endpoint
 * table (contract/endpoints.ts) and the parameters (contract/params.ts).
 */
import { ENDPOINTS, type Endpoint } from '../../contract/endpoints.ts';
import { quote } from '../../contract/nginx-placeholders.ts';
import { readLocale, readView, VIEWS } from '../../contract/params.ts';
import type { Problem } from '../../contract/problems.ts';

/** The endpoints reading the same parameters share their query's checks (fewer variables: nginx clears each one's slot per request). */
const querySignature = (endpoint: Endpoint) => endpoint.query.join('_') || 'none';

/** The variable naming the endpoint's problem location its query sends the request to (`/_problem/<id>/<name>`), or "" (`queryMaps`). */
export const queryVariable = (endpoint: Endpoint) => `$cr_query_${querySignature(endpoint)}`;

/**
 * `$cr_query_<parameters>`: the first problem of a query, in the contract's order (an unknown name, then each
 * parameter the endpoint reads), as the name of its problem location under the endpoint's, or "". A chain of
 * maps, each on one variable, so a request with no query is one exact lookup of the empty string.
 */
export function queryMaps(): string[] {
  const signatures = new Map(
    (ENDPOINTS as readonly Endpoint[]).filter(({ answer }) => answer.kind === 'file').map((endpoint) => [querySignature(endpoint), endpoint]),
  );
  return [...signatures.values()].flatMap((endpoint) => {
    const steps: [string, string][] = [['$cr_unknown', '"" {next}; default unknown_parameter;']];
    for (const name of endpoint.query) {
      if (name === 'view') steps.push(['$cr_given_view', '2 view_twice; default {next};'], ['$cr_view_check', '"1!" view_invalid; default {next};']);
      if (name === 'locale') steps.push(['$cr_given_locale', '2 locale_twice; default {next};'], ['$cr_locale_check', '10 locale_invalid; default {next};']);
    }
    const name = queryVariable(endpoint);
    const at = (index: number) => (index === 0 ? `${name}_checked` : `${name}_${index}`);
    // A query of one parameter the endpoint reads is one pattern: a view compared whole, a locale by $cr_locale_ok
    // (one exact lookup for a tag of the API).
    const alone = [
      ...(endpoint.query.includes('locale') ? ['"~^locale=[^&]*$" $cr_locale_alone;'] : []),
      ...(endpoint.query.includes('view') ? [`${quote(`~^view=(?:${VIEWS.join('|')})$`)} "";`] : []),
    ];
    return [
      `map $args ${name} { "" ""; ${alone.join(' ')} default ${at(0)}; }`,
      ...steps.map(
        ([source, entries], index) => `map ${source} ${at(index)} { ${entries.replace('{next}', index + 1 < steps.length ? at(index + 1) : '""')} }`,
      ),
    ];
  });
}

const invalid = (read: { problem?: Problem } | object) => (read as { problem: Problem }).problem;
/** The problems of a parameter an endpoint reads, under the endpoint's own problems (its query's checks are shared: `queryMaps`). */
export const QUERY_PROBLEMS: [string, Problem][] = [
  ['locale_invalid', invalid(readLocale({ locale: '%' }, new Map(), 'en'))],
  ['locale_twice', invalid(readLocale({ locale: ['a', 'b'] }, new Map(), 'en'))],
  ['view_invalid', invalid(readView({ view: '%' }))],
  ['view_twice', invalid(readView({ view: ['a', 'b'] }))],
];
