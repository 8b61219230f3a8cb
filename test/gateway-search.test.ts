import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { normalize, withinOneEdit } from '../contract/search.ts';
import { KEPT_ANSWER_BYTES, searchableList } from '../contract/search-answer.ts';
import { distFile, startGateway, type Gateway } from './helpers/gateway.ts';
import { scoreAnswers, type QueryCase } from '../build/lib/search-quality.ts';

let gateway: Gateway;
const search = (query: string, headers: Record<string, string> = {}) => gateway.request(`/v1/countries/search?${query}`, { headers });
const codesOf = (reply: { json: () => any }) => reply.json().countries.map((item: any) => item.code);

const QUERIES: QueryCase[] = JSON.parse(readFileSync(new URL('./fixtures/search-queries.json', import.meta.url), 'utf8')).queries;

// What people type, from test/fixtures/search-queries.md's sources, each with the country they mean.
const people = suite('search: what people type (test/fixtures/search-queries.json)');
people.before(async () => {
  gateway = await startGateway();
});
people.after(() => gateway.close());

people('should hold at least 600 queries with their whole answers, in the 18 UI locales and more, and every category', () => {
  assert.ok(QUERIES.length >= 600, `${QUERIES.length}`);
  assert.ok(
    QUERIES.every((entry) => entry.answer?.includes(entry.expect)),
    'each case lists every country meant, its first among them',
  );
  assert.ok(new Set(QUERIES.map((entry) => entry.locale)).size >= 26);
  for (const category of [
    'prefix',
    'endonym',
    'former',
    'iso',
    'code',
    'typo',
    'script',
    'abbreviation',
    'whole',
    'reading',
    'typeahead',
    'currency',
    'capital',
  ]) {
    assert.ok(
      QUERIES.some((entry) => entry.category === category),
      category,
    );
  }
});

for (const entry of QUERIES) {
  people(`should put ${entry.expect} first for q=${entry.q} (${entry.locale}, ${entry.category})`, async () => {
    const reply = await search(`q=${encodeURIComponent(entry.q)}&locale=${entry.locale}&limit=3`);
    assert.is(reply.status, 200);
    // Where the answer's countries are meant alike (korea), any of them may come first.
    const first = entry.equally && entry.answer!.includes(codesOf(reply)[0]) ? entry.expect : codesOf(reply)[0];
    assert.is(first, entry.expect, `${entry.why}; got ${codesOf(reply).join(', ')}`);
  });
}

// npm run search-quality scores this table from data/; its figures, then and now, are in docs/api.md (Search).
people('should answer only what was meant: top-1 on every query, precision of at least 99.5% (npm run search-quality)', async () => {
  const answers = new Map<QueryCase, string[]>();
  for (const entry of QUERIES) answers.set(entry, codesOf(await search(`q=${encodeURIComponent(entry.q)}&locale=${entry.locale}&limit=250`)));
  const score = scoreAnswers(QUERIES, (entry) => answers.get(entry)!);
  assert.is(score.top1, score.total, score.failures.join('\n'));
  assert.ok(score.precise / score.total >= 0.995, `${score.summary}\n${score.failures.join('\n')}`);
  assert.ok(score.complete / score.total >= 0.98, `${score.summary}\n${score.failures.join('\n')}`);
});

/** Issue 27: whole names answer the countries they name and no others, count included. */
const WHOLE: [string, string, string[]][] = [
  ['congo', 'en', ['CG', 'CD']],
  ['uk', 'en', ['GB']],
  ['usa', 'en', ['US']],
  ['korea', 'en', ['KP', 'KR']],
  ['guinea', 'en', ['GN', 'GW', 'GQ', 'PG']],
  ['sudan', 'en', ['SD', 'SS']],
  ['にほん', 'ja', ['JP']],
  ['zhongguo', 'zh', ['CN']],
  ['ドイツ', 'ja', ['DE']],
  ['どいつ', 'ja', ['DE']],
  ['feilvbin', 'zh', ['PH']],
];
for (const [query, locale, expected] of WHOLE) {
  people(`should answer q=${query} (${locale}) with ${expected.join(', ')} and count ${expected.length}`, async () => {
    const body = (await search(`q=${encodeURIComponent(query)}&locale=${locale}&limit=250`)).json();
    assert.equal([...codesOf({ json: () => body })].sort(), [...expected].sort());
    assert.is(body.count, expected.length);
  });
}

people('should keep finding Germany first as a person types it, and list every country a first letter starts', async () => {
  for (const prefix of ['g', 'ge', 'ger', 'germ', 'germa', 'german', 'germany']) {
    const found = codesOf(await search(`q=${prefix}&limit=250`));
    assert.ok(found.includes('DE'), prefix);
    if (prefix.length >= 3) assert.is(found[0], 'DE', prefix);
  }
  const english = namesIn('v1/countries.json');
  const g = codesOf(await search('q=g&limit=250'));
  assert.equal(
    g,
    [...english].filter(([, name]) => normalize(name).startsWith('g')).map(([code]) => code),
  );
});

people.run();

const ranking = suite('search ranking');
ranking.before(async () => {
  gateway = await startGateway();
});
ranking.after(() => gateway.close());

/** The displayed names of a locale's list. */
const namesIn = (listPath: string) => new Map<string, string>(JSON.parse(distFile(listPath).toString()).countries.map((item: any) => [item.code, item.name]));

const PREFIXES: [string, string, string][] = [
  ['p', 'en', 'v1/countries.json'],
  ['ö', 'de', 'v1/_locale/de/countries.json'],
  ['a', 'fr', 'v1/_locale/fr/countries.json'],
  ['po', 'en', 'v1/countries.json'],
];
for (const [query, locale, listPath] of PREFIXES) {
  ranking(`should list first every country whose ${locale} name starts with "${query}", collated for ${locale}`, async () => {
    const names = namesIn(listPath);
    const expected = [...names]
      .filter(([, name]) => normalize(name).startsWith(normalize(query)))
      .sort(([a, x], [b, y]) => new Intl.Collator(locale).compare(x, y) || (a < b ? -1 : 1))
      .map(([code]) => code);
    assert.ok(expected.length > 1);
    const found = codesOf(await search(`q=${encodeURIComponent(query)}&locale=${locale}&limit=250`));
    assert.equal(found.slice(0, expected.length), expected);
  });
}

ranking("should rank a match in the reader's language before English, and English before other languages", async () => {
  // "Tsibiran" (Hausa for Cape Verde... islands) contains "iran"; Iran's own name matches whole.
  assert.equal(codesOf(await search('q=iran&limit=3')).slice(0, 1), ['IR']);
  // In German "Ägypten" is Egypt; "äg" is not the code AG of Antigua.
  assert.is(codesOf(await search('q=%C3%A4g&locale=de'))[0], 'EG');
  // Two letters start the names the reader sees (or a word of them): another language's substring never comes in.
  const english = namesIn('v1/countries.json');
  const found = codesOf(await search('q=ko&limit=250'));
  assert.equal(found, ['XK', 'HK', 'KP', 'KR'], 'Kosovo; Hong Kong SAR China, North Korea, South Korea by a word');
  assert.ok(
    found.every((code: string) =>
      normalize(english.get(code)!)
        .split(' ')
        .some((word) => word.startsWith('ko')),
    ),
  );
  // Only where nothing in the reader's language, English or the country's own matches do other languages come in: Alemania is Spanish.
  assert.equal(codesOf(await search('q=alemania&limit=250')), ['DE']);
});

ranking('should rank an exact code first, and the names the reader sees before other names', async () => {
  assert.is(codesOf(await search('q=de'))[0], 'DE');
  assert.is(codesOf(await search('q=can'))[0], 'CA');
  const united = codesOf(await search('q=united&limit=250'));
  assert.equal(united, ['AE', 'GB', 'US'], 'United Mexican States and United Republic of Tanzania, official names, are named only whole');
});

ranking('should offer one typo only for 4 characters or more, where nothing matches better', async () => {
  assert.equal(codesOf(await search('q=germny&limit=250')), ['DE']);
  assert.equal(codesOf(await search('q=jpn&limit=250')).includes('JP'), true, "jpn is Japan's alpha-3 code");
  assert.equal(codesOf(await search('q=qqqqzzzz')), []);
});

ranking.run();

const beyondNames = suite('search by currency code and capital');
beyondNames.before(async () => {
  gateway = await startGateway();
});
beyondNames.after(() => gateway.close());

const currencyUsers = (code: string) =>
  (JSON.parse(readFileSync(new URL('../data/currencies.json', import.meta.url), 'utf8')).countries as any[])
    .filter((entry) => entry.currencies.some((currency: any) => currency.code === code))
    .map((entry) => entry.country as string)
    .sort();
const CURRENCY_CODES: [string, string][] = [
  ['EUR', 'EUR'],
  ['eur', 'EUR'],
  ['Usd', 'USD'],
  ['chf', 'CHF'],
];
for (const [query, code] of CURRENCY_CODES) {
  beyondNames(`should answer q=${query} with every country ${code} is in use in, and no other`, async () => {
    const body = (await search(`q=${query}&limit=250`)).json();
    assert.equal([...codesOf({ json: () => body })].sort(), currencyUsers(code));
    assert.is(body.count, currencyUsers(code).length);
  });
}
beyondNames('should take a currency code only whole: two letters, four, or a code no longer in use add no country by currency', async () => {
  const byNameOnly: [string, string[]][] = [
    ['eu', ['AT', 'BE', 'FR', 'DE']],
    ['us', ['EC', 'SV', 'PA', 'TL', 'ZW']],
    ['euro', ['AT', 'BE', 'FR', 'DE']],
    ['usdx', ['EC', 'SV', 'PA', 'TL', 'ZW']],
    ['BGN', ['BG']],
  ];
  for (const [query, users] of byNameOnly) {
    const found = codesOf(await search(`q=${query}&limit=250`));
    for (const code of users) assert.not.ok(found.includes(code), `${query}: ${code}`);
  }
});
beyondNames("should list a name the reader's language starts with before, and instead of, a currency code's countries", async () => {
  assert.equal(codesOf(await search('q=mad&limit=250')), ['MG'], "Madagascar, not Morocco's dirham MAD");
  assert.equal(codesOf(await search('q=all&locale=fr&limit=250')), ['DE'], 'Allemagne, not the lek');
  assert.equal(codesOf(await search('q=all&limit=250')), ['AL'], 'the lek, where no English name starts with all');
});

const CAPITALS: [string, string, string[]][] = [
  ['canberra', 'en', ['AU']],
  ['paris', 'en', ['FR']],
  ['Париж', 'ru', ['FR']],
  ['東京', 'ja', ['JP']],
  ['washington', 'en', ['US']],
  ['sucre', 'en', ['BO']],
  ['la paz', 'es', ['BO']],
  ['kingston', 'en', ['JM', 'NF']],
  ['jerusalem', 'en', ['IL', 'PS']],
];
for (const [query, locale, expected] of CAPITALS) {
  beyondNames(`should answer q=${query} (${locale}) with ${expected.join(', ')}, by its capital`, async () => {
    assert.equal(codesOf(await search(`q=${encodeURIComponent(query)}&locale=${locale}&limit=250`)).sort(), expected);
  });
}
beyondNames('should match a capital only whole: part of one, or one typo of one, adds no country', async () => {
  // Port Louis, Port Moresby, Port of Spain...; Saint George's, Saint-Denis...; Malé is one letter from Mali.
  const port = codesOf(await search('q=port&limit=250'));
  for (const code of ['MU', 'PG', 'TT', 'HT', 'VU', 'BJ']) assert.not.ok(port.includes(code), code);
  const saint = codesOf(await search('q=saint&limit=250'));
  for (const code of ['AG', 'GD', 'RE', 'JE', 'GG']) assert.not.ok(saint.includes(code), code);
  assert.not.ok(codesOf(await search('q=malu&limit=250')).includes('MV'));
});

beyondNames.run();

const shape = suite('search response');
shape.before(async () => {
  gateway = await startGateway();
});
shape.after(() => gateway.close());

shape('should answer { query, count, locale, countries } with items exactly as in the list of that locale', async () => {
  const reply = await search('q=Alemanha&locale=pt-BR');
  const body = reply.json();
  assert.equal(Object.keys(body), ['query', 'count', 'locale', 'view', 'countries']);
  assert.is(body.query, 'Alemanha');
  assert.is(body.locale, 'pt');
  assert.is(reply.headers['content-language'], 'pt');
  const list = JSON.parse(distFile('v1/_locale/pt/countries.json').toString());
  assert.equal(
    body.countries[0],
    list.countries.find((item: any) => item.code === 'DE'),
  );
});

shape('should give full items with view=full', async () => {
  const body = (await search('q=japan&view=full')).json();
  const list = JSON.parse(distFile('v1/countries.full.json').toString());
  assert.equal(
    body.countries[0],
    list.countries.find((item: any) => item.code === 'JP'),
  );
});

const LIST_FILES = ['v1/countries.json', 'v1/countries.full.json', 'v1/_locale/ar/countries.json', 'v1/_locale/zh-Hant/countries.full.json'];
for (const file of LIST_FILES) {
  shape(`should take each item of ${file} as the file has it, in its order`, () => {
    const bytes = distFile(file);
    const parsed = JSON.parse(bytes.toString('utf8'));
    const list = searchableList(bytes, () => undefined);
    assert.equal([list.locale, list.view], [parsed.locale, parsed.view]);
    assert.equal(
      [...list.items.keys()],
      parsed.countries.map((item: any) => item.code),
    );
    for (const [at, item] of parsed.countries.entries()) {
      assert.is(Buffer.from(list.items.get(item.code)!).toString('utf8'), JSON.stringify(item), item.code);
      assert.is(list.options.position(item.code), at);
      assert.is(list.options.displayed(item.code), typeof item.name === 'string' ? item.name : item.name.common);
    }
  });
}

shape('should find where an item ends past brackets, quotes and backslashes in its strings', () => {
  const items = [
    { code: 'AA', name: { common: 'A "}] \\', official: '\\"[{' } },
    { code: 'BB', name: 'B\\\\' },
  ];
  const list = searchableList(Buffer.from(JSON.stringify({ count: 2, locale: 'en', view: 'full', countries: items, after: [{}] })), () => undefined);
  assert.equal(
    [...list.items.values()].map((item) => Buffer.from(item).toString('utf8')),
    items.map((item) => JSON.stringify(item)),
  );
  assert.is(list.options.displayed('AA'), 'A "}] \\');
});

const NOT_LISTS: [string, string][] = [
  ['no countries', '{"count":0,"locale":"en","view":"compact"}'],
  ['a cut item', '{"count":1,"locale":"en","view":"compact","countries":[{"code":"AD","name":"And'],
  ['a cut array', '{"count":1,"locale":"en","view":"compact","countries":[{"code":"AD","name":"Andorra"}'],
  ['an item not an object', '{"count":1,"locale":"en","view":"compact","countries":["AD"]}'],
];
for (const [what, text] of NOT_LISTS) {
  shape(`should refuse a list with ${what}`, () => {
    assert.throws(() => searchableList(Buffer.from(text), () => undefined), /not a country list/);
  });
}

shape('should count every country it answers and return the first 20, or limit from 1 to 250', async () => {
  const all = (await search('q=s&limit=250')).json();
  assert.ok(all.count > 25 && all.count === all.countries.length, `${all.count}`);
  for (const [query, returned] of [
    ['q=s', 20],
    ['q=s&limit=1', 1],
    ['q=s&limit=25', 25],
  ] as const) {
    const body = (await search(query)).json();
    assert.is(body.count, all.count, query);
    assert.equal(
      body.countries.map((item: any) => item.code),
      all.countries.slice(0, returned).map((item: any) => item.code),
      query,
    );
  }
});

shape('should send a large answer uncompressed: none is compressed on the request path', async () => {
  const plain = await search('q=a&limit=250&view=full');
  assert.ok(plain.body.length > KEPT_ANSWER_BYTES, `${plain.body.length} bytes`);
  const reply = await search('q=a&limit=250&view=full', { 'Accept-Encoding': 'br, gzip' });
  assert.is(reply.headers['content-encoding'], undefined);
  assert.ok(reply.body.equals(plain.body));
});

shape('should compress a small answer as the client accepts, with one ETag for every coding', async () => {
  const plain = await search('q=a&limit=100');
  assert.ok(plain.body.length < KEPT_ANSWER_BYTES, `${plain.body.length} bytes`);
  for (const [coding, decompress] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    const reply = await search('q=a&limit=100', { 'Accept-Encoding': coding });
    assert.is(reply.headers['content-encoding'], coding);
    assert.is(reply.headers.vary, 'Accept-Encoding');
    assert.is(reply.headers.etag, plain.headers.etag);
    assert.ok(reply.body.length < plain.body.length / 3, `${coding}: ${reply.body.length} of ${plain.body.length} bytes`);
    assert.ok(decompress(reply.body).equals(plain.body));
  }
  const revalidated = await search('q=a&limit=100', { 'Accept-Encoding': 'br', 'If-None-Match': plain.headers.etag as string });
  assert.is(revalidated.status, 304);
});

const INVALID = [
  '',
  'q=',
  'q=%20%20',
  'q=---',
  'q=a&limit=0',
  'q=a&limit=251',
  'q=a&limit=ten',
  'q=a&limit=1.5',
  'q=a&view=huge',
  'q=a&locale=pt--BR',
  'q=a&q=b',
  `q=${'a'.repeat(101)}`,
];
for (const query of INVALID) {
  shape(`should refuse ?${query.slice(0, 30)} with 400 invalid_parameter`, async () => {
    const reply = await search(query);
    assert.is(reply.status, 400);
    assert.is(reply.json().code, 'invalid_parameter');
  });
}

shape('should answer exactly JSON.stringify of the list items, in any locale and view', async () => {
  for (const [query, listPath] of [
    ['q=an&limit=250', 'v1/countries.json'],
    ['q=bra&locale=de&view=full', 'v1/_locale/de/countries.full.json'],
    ['q=%E6%97%A5&locale=ja', 'v1/_locale/ja/countries.json'],
    ['q=zzzzqqq', 'v1/countries.json'],
  ]) {
    const reply = await search(query);
    assert.is(reply.status, 200, query);
    const list = JSON.parse(distFile(listPath).toString('utf8'));
    const items = new Map(list.countries.map((item: any) => [item.code, item]));
    const { count } = reply.json();
    const expected = JSON.stringify({
      query: reply.json().query,
      count,
      locale: list.locale,
      view: list.view,
      countries: codesOf(reply).map((code: string) => items.get(code)),
    });
    assert.is(reply.body.toString('utf8'), expected);
  }
});

shape.run();

const text = suite('normalize and withinOneEdit');
const NORMALIZED: [string, string][] = [
  ['Brésil', 'bresil'],
  ['  Côte d’Ivoire!! ', 'cote d ivoire'],
  ['SÃO-TOMÉ', 'sao tome'],
  ['Ｊａｐａｎ', 'japan'],
  ['Føroyar', 'foroyar'],
  ['Færøerne', 'faeroerne'],
  ['Großbritannien', 'grossbritannien'],
  ['Polska', 'polska'],
  ['Łotwa', 'lotwa'],
  ['Türkiye', 'turkiye'],
  ['Irak', 'irak'],
  ['ブラジル', 'ぶらじる'],
  ['ﾌﾞﾗｼﾞﾙ', 'ぶらじる'],
  ['ドイツ', 'どいつ'],
  ['भारत', 'भारत'],
  ['ישראל', 'ישראל'],
  ['مِصر', 'مصر'],
];
for (const [input, output] of NORMALIZED)
  text(`should normalize ${JSON.stringify(input)} to ${JSON.stringify(output)}`, () => assert.is(normalize(input), output));
const EDITS: [string, string, boolean][] = [
  ['germany', 'germny', true],
  ['germany', 'gernamy', false],
  ['germany', 'gremany', true],
  ['germany', 'germanyy', true],
  ['germany', 'xermany', true],
  ['germany', 'germanx', true],
  ['germany', 'grmny', false],
  ['germany', 'germany', true],
  ['ab', 'ba', true],
];
for (const [a, b, expected] of EDITS)
  text(`should say ${a} -> ${b} is ${expected ? '' : 'not '}within one edit`, () => {
    assert.is(withinOneEdit(a, b), expected);
    assert.is(withinOneEdit(b, a), expected);
  });
text.run();
