import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { lookupLocale, normalizeTag } from '../contract/params.ts';
import { distFile, startGateway, testDist, type Gateway } from './helpers/gateway.ts';
import { DATA_DIR } from './helpers/paths.ts';

let gateway: Gateway;

const rules = suite('rules of the API (locale, fallback, view)');
rules.before(async () => {
  gateway = await startGateway();
});
rules.after(() => gateway.close());

rules('should answer in English without locale, whatever Accept-Language says', async () => {
  for (const path of ['/v1/countries', '/v1/countries/BR', '/v1/subdivisions/BR']) {
    const reply = await gateway.request(path, { headers: { 'Accept-Language': 'pt-BR,pt;q=0.9' } });
    assert.is(reply.status, 200, path);
    assert.is(reply.headers['content-language'], 'en', path);
  }
  const list = (await gateway.request('/v1/countries', { headers: { 'Accept-Language': 'de' } })).json();
  assert.is(list.locale, 'en');
  assert.is(list.countries.find((item: any) => item.code === 'DE').name, 'Germany');
});

rules('should fall back to English where a translation is missing', async () => {
  const subdivisions: any[] = JSON.parse(readFileSync(join(DATA_DIR, 'subdivisions.json'), 'utf8'));
  const untranslated = subdivisions.find((entry) => !entry.name.de && entry.name.en)!;
  const translated = subdivisions.find((entry) => entry.name.de && entry.name.en && entry.name.de !== entry.name.en)!;
  const path = (entry: any) => `/v1/subdivisions/${entry.country}/${entry.code}?locale=de`;
  const fallback = (await gateway.request(path(untranslated))).json();
  assert.equal([fallback.name, fallback.name_locale], [untranslated.name.en, 'en'], 'a fallback says it is English');
  const own = (await gateway.request(path(translated))).json();
  assert.equal([own.name, own.name_locale], [translated.name.de, 'de']);
  const inList = (await gateway.request(`/v1/subdivisions/${untranslated.country}?locale=de`)).json();
  const item = inList.subdivisions.find((entry: any) => entry.code === untranslated.code);
  assert.equal([item.name, item.name_locale], [untranslated.name.en, 'en']);
  // No source translates ISO's categories: the type is English in every locale, and says so.
  for (const answer of [fallback, own, item])
    assert.equal([answer.type, answer.type_locale], [untranslated.code === answer.code ? untranslated.type : translated.type, 'en']);
});

rules('should say which locale of the chain supplied each name', async () => {
  // pt-AO falls back to pt-PT, then pt: a name it takes from pt says so.
  const country = (await gateway.request('/v1/countries/BR?locale=pt-AO')).json();
  assert.ok(['pt-AO', 'pt-PT', 'pt'].includes(country.name_locale.common), country.name_locale.common);
  const list = (await gateway.request('/v1/countries?locale=de')).json();
  const germany = list.countries.find((entry: any) => entry.code === 'DE');
  assert.equal([germany.name, germany.name_locale], ['Deutschland', 'de']);
});

rules('should answer a well-formed but unsupported locale in English, reporting en', async () => {
  for (const locale of ['tlh', 'xx', 'x-private', 'und', 'art-lojban']) {
    const reply = await gateway.request(`/v1/countries?locale=${locale}`);
    assert.is(reply.status, 200, locale);
    assert.ok(reply.body.equals(distFile('v1/countries.json')), locale);
    assert.is(reply.json().locale, 'en');
  }
});

rules('should return compact items without view or with view=compact, full ones with view=full', async () => {
  const compact = await gateway.request('/v1/countries');
  assert.ok((await gateway.request('/v1/countries?view=compact')).body.equals(compact.body));
  const item = compact.json().countries[0];
  assert.equal(Object.keys(item), ['code', 'name', 'name_locale', 'official_name', 'official_name_locale', 'calling_code', 'currencies', 'flag']);
  const full = await gateway.request('/v1/countries?view=full');
  assert.ok(full.body.equals(distFile('v1/countries.full.json')));
  const fullItem = full.json().countries[0];
  for (const field of ['translations', 'calling_code', 'region']) assert.ok(field in fullItem, field);
  assert.equal(fullItem.name, { common: item.name, official: item.official_name, iso_short: fullItem.name.iso_short });
  assert.equal(fullItem.name_locale, { common: item.name_locale, official: item.official_name_locale, iso_short: fullItem.name_locale.iso_short });
});

rules('should localize the full list too', async () => {
  const reply = await gateway.request('/v1/countries?view=full&locale=pt');
  assert.ok(reply.body.equals(distFile('v1/_locale/pt/countries.full.json')));
  assert.is(reply.json().locale, 'pt');
});

rules.run();

// [request locale, supported tag that answers]: case, `_`, truncation, and aliases at each step.
const NEGOTIATION: [string, string][] = [
  ['pt', 'pt'],
  ['PT', 'pt'],
  ['pt-BR', 'pt'],
  ['pt_br', 'pt'],
  ['pt-PT', 'pt-PT'],
  ['PT_pt', 'pt-PT'],
  ['pt-AO', 'pt-AO'],
  ['pt-ST', 'pt-PT'],
  ['zh-TW', 'zh-Hant'],
  ['zh-Hant-TW', 'zh-Hant'],
  ['zh-HK', 'zh-Hant-HK'],
  ['zh-CN', 'zh'],
  ['en-GB', 'en-001'],
  ['en-US', 'en'],
  ['iw', 'he'],
  ['nb', 'no'],
  ['nb-NO', 'no'],
  ['de-CH-1996', 'de-CH'],
  ['sr-Latn-RS', 'sr-Latn'],
  ['es-MX', 'es-MX'],
  ['pt-u-nu-latn', 'pt'],
  ['pt-x-mine', 'pt'],
  ['el-polyton', 'el-polyton'],
  ['tlh', 'en'],
];
const locale = suite('locale');
locale.before(async () => {
  gateway = await startGateway();
});
locale.after(() => gateway.close());

for (const [requested, expected] of NEGOTIATION) {
  locale(`should answer locale=${requested} with the ${expected} list`, async () => {
    const reply = await gateway.request(`/v1/countries?locale=${requested}`);
    assert.is(reply.status, 200);
    assert.is(reply.json().locale, expected);
    assert.is(reply.headers['content-language'], expected);
  });
}

locale('should follow the fallback chain for a single country: pt-AO -> pt-PT -> pt', async () => {
  const reply = await gateway.request('/v1/countries/BR?locale=pt-AO');
  const dist = testDist();
  const chain = dist.release.localeChains.get('pt-ao')!;
  const answering = chain.find((tag) => dist.files.has(`v1/_locale/${tag}/countries/BR.json`));
  assert.ok(answering);
  assert.ok(reply.body.equals(distFile(`v1/_locale/${answering}/countries/BR.json`)));
  assert.is(reply.json().name.common, 'Brasil');
  assert.is(reply.headers['content-language'], dist.files.get(`v1/_locale/${answering}/countries/BR.json`)!.contentLanguage);
});

locale('should send no Content-Language for data in no language (phone, postal code, address)', async () => {
  for (const path of ['/v1/phone/BR', '/v1/postal-code/BR', '/v1/address-example/BR']) {
    assert.is((await gateway.request(`${path}?locale=pt`)).headers['content-language'], undefined, path);
  }
});

const MALFORMED = ['p', 'pt--BR', 'pt-', '-pt', 'toolonglang', '123', '*', 'pt-BR-x', 'en-a', 'pt BR', '', `pt-${'a'.repeat(70)}`];
for (const tag of MALFORMED) {
  locale(`should refuse the malformed locale ${JSON.stringify(tag.slice(0, 20))} with 400 invalid_parameter`, async () => {
    const reply = await gateway.request(`/v1/countries/BR?locale=${encodeURIComponent(tag)}`);
    assert.is(reply.status, 400);
    assert.is(reply.json().code, 'invalid_parameter');
    assert.match(reply.json().detail, 'locale');
  });
}

locale('should refuse locale given twice', async () => {
  assert.is((await gateway.request('/v1/countries?locale=pt&locale=de')).status, 400);
});

locale.run();

const lookup = suite('lookupLocale');
lookup('should drop a singleton together with the subtag it introduces while truncating', () => {
  const tags = new Map([
    ['de', 'de'],
    ['de-ch', 'de-CH'],
  ]);
  assert.is(lookupLocale(normalizeTag('de-CH-x-phonebk')!, tags, 'en'), 'de-CH');
  assert.is(lookupLocale(normalizeTag('de-u-co-phonebk')!, tags, 'en'), 'de');
  assert.is(lookupLocale(normalizeTag('fr-CA')!, tags, 'en'), 'en');
});
lookup('should accept irregular grandfathered tags as well-formed', () => {
  assert.is(normalizeTag('i-klingon'), 'i-klingon');
  assert.is(normalizeTag('en-GB-oed'), 'en-gb-oed');
});
lookup.run();
