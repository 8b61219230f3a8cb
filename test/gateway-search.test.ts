import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { normalize, withinOneEdit } from '../gateway/search.ts';
import { distFile, startGateway, type Gateway } from './helpers/gateway.ts';

let gateway: Gateway;
const search = (query: string) => gateway.request(`/v1/countries/search?${query}`);
const codesOf = (reply: { json: () => any }) => reply.json().countries.map((item: any) => item.code);

// [q, the country that must come first]: accents, case, a typo, translated names, every kind of code.
const FIRST: [string, string][] = [
  ['bresil', 'BR'], ['Brésil', 'BR'], ['BRÉSIL', 'BR'], ['Brasil', 'BR'], ['Germny', 'DE'], ['Alemanha', 'DE'],
  ['Deutschland', 'DE'], ['DEU', 'DE'], ['276', 'DE'], ['de', 'DE'], ['076', 'BR'], ['japon', 'JP'], ['日本', 'JP'],
  ['Kosovo', 'XK'], ['XKK', 'XK'], ['cote d ivoire', 'CI'], ["Côte d’Ivoire", 'CI'], ['united kingdom', 'GB'],
  ['Untied States', 'US'], ['Brazl', 'BR'], ['Jpaan', 'JP'],
];

const ranking = suite('search ranking');
ranking.before(async () => { gateway = await startGateway(); });
ranking.after(() => gateway.close());

for (const [query, code] of FIRST) {
  ranking(`should put ${code} first for q=${query}`, async () => {
    const reply = await search(`q=${encodeURIComponent(query)}`);
    assert.is(reply.status, 200);
    assert.is(codesOf(reply)[0], code);
  });
}

ranking('should rank an exact name before name prefixes, and those before word prefixes', async () => {
  // "guinea" is Guinea's name, starts Guinea-Bissau's, and is a later word of Papua New Guinea's.
  const codes = codesOf(await search('q=guinea'));
  assert.is(codes[0], 'GN');
  assert.ok(codes.indexOf('GW') < codes.indexOf('PG'), codes.join(' '));
});

/** The ranking rules of DESIGN.md but the last (typos) restated over the index, for one-word queries. */
function expectedOrder(query: string): string[] {
  const index = JSON.parse(distFile('v1/_search/index.json').toString());
  const kind = (names: string[]): number => {
    if (names.includes(query)) return 1;
    if (names.some((name: string) => name.startsWith(query))) return 2;
    if (names.some((name: string) => name.split(' ').some((word) => word.startsWith(query)))) return 3;
    return names.some((name: string) => name.includes(query)) ? 4 : -1;
  };
  // A common name before an official or alternative one matched the same way.
  const rank = (entry: any): number => {
    if (entry.codes.includes(query)) return 0;
    const best = kind(entry.names);
    if (best === -1) return -1;
    return kind(entry.common) === best ? best * 2 : best * 2 + 1;
  };
  return index.countries.map((entry: any) => ({ entry, rank: rank(entry) }))
    .filter(({ rank }: any) => rank >= 0)
    .sort((a: any, b: any) => a.rank - b.rank || a.entry.english.localeCompare(b.entry.english))
    .map(({ entry }: any) => entry.code);
}

for (const query of ['guinea', 'land', 'united', 'rep', 'ira', 'san', 'us']) {
  ranking(`should order the matches of q=${query}: code, name, name prefix, word prefix, substring; ties by English name`, async () => {
    const expected = expectedOrder(query);
    // Near misses (one typo) may follow, as "lan" follows "land".
    assert.equal(codesOf(await search(`q=${query}&limit=250`)).slice(0, expected.length), expected);
  });
}

ranking('should offer near misses only when nothing matches better, and only for 4 characters or more', async () => {
  assert.equal(codesOf(await search('q=germny&limit=250')), ['DE']);
  assert.equal(codesOf(await search('q=jpn&limit=250')), expectedOrder('jpn'));
});

ranking('should break ties by English name', async () => {
  // Countries with an official name starting "republic" (from the index) tie at "name prefix".
  const index = JSON.parse(distFile('v1/_search/index.json').toString());
  const prefixed = index.countries.filter((entry: any) => entry.names.some((name: string) => name.startsWith('republic'))
    && !entry.common.some((name: string) => name.startsWith('republic')));
  assert.ok(prefixed.length >= 5);
  const expected = prefixed.sort((a: any, b: any) => a.english.localeCompare(b.english)).map((entry: any) => entry.code);
  const found = codesOf(await search('q=Republic&limit=250'));
  assert.equal(found.filter((code: string) => expected.includes(code)), expected);
});

ranking('should put a common name before an official name matched the same way', async () => {
  const found = codesOf(await search('q=united&limit=250'));
  assert.equal(found.slice(0, 3), ['AE', 'GB', 'US']);
  assert.ok(found.indexOf('MX') > 2 && found.indexOf('TZ') > 2, 'United Mexican States and United Republic of Tanzania follow');
});

ranking('should find nothing for text no country resembles', async () => {
  const reply = await search('q=qqqqzzzz');
  assert.is(reply.status, 200);
  assert.equal(reply.json(), { query: 'qqqqzzzz', count: 0, locale: 'en', countries: [] });
});

ranking.run();

const shape = suite('search response');
shape.before(async () => { gateway = await startGateway(); });
shape.after(() => gateway.close());

shape('should answer { query, count, locale, countries } with items exactly as in the list of that locale', async () => {
  const reply = await search('q=Alemanha&locale=pt-BR');
  const body = reply.json();
  assert.equal(Object.keys(body), ['query', 'count', 'locale', 'countries']);
  assert.is(body.query, 'Alemanha');
  assert.is(body.locale, 'pt');
  assert.is(body.count, body.countries.length);
  assert.is(reply.headers['content-language'], 'pt');
  const list = JSON.parse(distFile('v1/_locale/pt/countries.json').toString());
  assert.equal(body.countries[0], list.countries.find((item: any) => item.code === 'DE'));
});

shape('should give full items with view=full', async () => {
  const body = (await search('q=japan&view=full')).json();
  const list = JSON.parse(distFile('v1/countries.full.json').toString());
  assert.equal(body.countries[0], list.countries.find((item: any) => item.code === 'JP'));
});

shape('should return 20 results by default and honour limit from 1 to 250', async () => {
  assert.is((await search('q=a')).json().count, 20);
  assert.is((await search('q=a&limit=1')).json().count, 1);
  assert.is((await search('q=a&limit=100')).json().count, 100);
  assert.ok((await search('q=a&limit=250')).json().count > 100);
});

const INVALID = ['', 'q=', 'q=%20%20', 'q=---', 'q=a&limit=0', 'q=a&limit=251', 'q=a&limit=ten', 'q=a&limit=1.5',
  'q=a&view=huge', 'q=a&locale=pt--BR', 'q=a&q=b', `q=${'a'.repeat(101)}`];
for (const query of INVALID) {
  shape(`should refuse ?${query.slice(0, 30)} with 400 invalid_parameter`, async () => {
    const reply = await search(query);
    assert.is(reply.status, 400);
    assert.is(reply.json().code, 'invalid_parameter');
  });
}

shape.run();

const text = suite('normalize and withinOneEdit');
const NORMALIZED: [string, string][] = [['Brésil', 'bresil'], ["  Côte d’Ivoire!! ", 'cote d ivoire'], ['SÃO-TOMÉ', 'sao tome'], ['Ｊａｐａｎ', 'japan']];
for (const [input, output] of NORMALIZED) text(`should normalize ${JSON.stringify(input)} to ${JSON.stringify(output)}`, () => assert.is(normalize(input), output));
const EDITS: [string, string, boolean][] = [
  ['germany', 'germny', true], ['germany', 'gernamy', false], ['germany', 'gremany', true], ['germany', 'germanyy', true],
  ['germany', 'xermany', true], ['germany', 'germanx', true], ['germany', 'grmny', false], ['germany', 'germany', true], ['ab', 'ba', true],
];
for (const [a, b, expected] of EDITS) text(`should say ${a} -> ${b} is ${expected ? '' : 'not '}within one edit`, () => {
  assert.is(withinOneEdit(a, b), expected);
  assert.is(withinOneEdit(b, a), expected);
});
text.run();

// Items are the list's own: the answer must be what JSON.stringify of the parsed items gives.
const bytes = suite('search response bytes');

async function expectStringified(reply: { body: Buffer }, listPath: string, codes: string[]) {
  const list = JSON.parse(distFile(listPath).toString('utf8'));
  const items = new Map(list.countries.map((item: any) => [item.code, item]));
  const { query } = JSON.parse(reply.body.toString('utf8'));
  const expected = JSON.stringify({ query, count: codes.length, locale: list.locale, countries: codes.map((code) => items.get(code)) });
  assert.is(reply.body.toString('utf8'), expected);
}

bytes('should answer exactly JSON.stringify of the list items, in any locale and view', async () => {
  gateway = await startGateway();
  try {
    for (const [query, listPath] of [['q=an&limit=250', 'v1/countries.json'], ['q=bra&locale=de&view=full', 'v1/_locale/de/countries.full.json'],
      ['q=%E6%97%A5&locale=ja', 'v1/_locale/ja/countries.json'], ['q=zzzzqqq', 'v1/countries.json']]) {
      const reply = await search(query);
      assert.is(reply.status, 200, query);
      await expectStringified(reply, listPath, codesOf(reply));
    }
  } finally {
    await gateway.close();
  }
});

bytes.run();
