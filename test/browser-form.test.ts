/**
 * The form page in a real headless Chromium, on a real gateway serving a real built dist: a person
 * picks a country by typing in their language, types a phone number and a postcode as people do, and
 * sees what this asserts. One browser for the suite, a fresh context (storage) and page per case;
 * screenshots of each case's end state go to .test-artifacts/browser-form/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ARTIFACTS, launchChromium } from './helpers/browser.ts';
import { startGateway, TEST_KEY, type Gateway } from './helpers/gateway.ts';

/** One address field as the person sees it: its label (without the required marker), its placeholder, whether it is required. */
type Field = [label: string, placeholder: string, required: boolean];

interface FormCase {
  country: string;
  /** The UI locale chosen, what is typed in the combobox, and the name the person then sees. */
  locale: string;
  typed: string;
  name: string;
  /** The address fields in the page's order, built from the country's layout ("〒" the prefix JP writes before its postcode). */
  fields: (Field | string)[];
  /** National digits typed one by one, what the field then shows, and the E.164 form it is valid as. */
  phone: [digits: string, shown: string, e164: string];
  /** A subdivision chosen, and its name in the UI locale; null where the layout has no subdivision. */
  subdivision: [code: string, name: string] | null;
  /** Typed sloppily, its canonical form, and a code the country cannot have; null: no postcodes. */
  postal: [typed: string, canonical: string, impossible: string] | null;
  /** The page's own words the case reads, in its language: the phone status before a valid number, the postal ones, a field left empty, the note on no postcodes, a complete address. */
  words: { incomplete: string; valid: string; validPostal: string; invalidPostal: string; missing: string; complete: string; noPostal?: string };
  /** From the country's record: an amount in each currency as the locale writes it (bidi marks dropped) with the currency's name, each zone name with its cities. */
  currencies: [amount: string, name: string][];
  zones: [name: string | null, cities: string[]][];
  dir: 'ltr' | 'rtl';
}

const EN = {
  incomplete: 'Not a valid number yet',
  valid: 'Valid number: ',
  validPostal: 'Valid: ',
  invalidPostal: 'Not a valid code here',
  missing: "You can't leave this empty.",
  complete: 'The address is complete.',
};
const AR = {
  incomplete: 'الرقم غير صالح بعد',
  valid: 'رقم صالح: ',
  validPostal: 'صالح: ',
  invalidPostal: 'ليس رمزًا صالحًا هنا',
  missing: 'لا يمكن ترك هذا الحقل فارغًا.',
  complete: 'العنوان مكتمل.',
};

const CASES: FormCase[] = [
  {
    // The native layout: 〒 and the postcode first, then prefecture, city and street, the addressee last; Japanese words throughout.
    country: 'JP',
    locale: 'ja',
    typed: 'にほん',
    name: '日本',
    phone: ['09012345678', '090-1234-5678', '+819012345678'],
    fields: [
      '〒',
      ['郵便番号', '163-8001', true],
      ['都道府県', '', true],
      ['市区町村', '新宿区', false],
      ['町名・番地', '西新宿二丁目8番1号', true],
      ['会社名・団体名', '東京都庁', false],
      ['氏名', '', false],
    ],
    subdivision: ['JP-13', '東京都'],
    postal: ['〒１６３８００１', '163-8001', '16380011'],
    words: {
      incomplete: 'まだ有効な番号ではありません',
      valid: '有効な番号: ',
      validPostal: '有効: ',
      invalidPostal: 'ここでは有効なコードではありません',
      missing: 'この項目を空欄にすることはできません。',
      complete: '住所の入力は完了しています。',
    },
    currencies: [['￥1,235', '日本円']],
    zones: [['日本時間', ['東京']]],
    dir: 'ltr',
  },
  {
    // No %S in the German layout: no Bundesland; the postcode before the town, asked once, as the post names it.
    country: 'DE',
    locale: 'de',
    typed: 'Deutsch',
    name: 'Deutschland',
    phone: ['030123456', '030 123456', '+4930123456'],
    fields: [
      ['Name', '', false],
      ['Organisation', 'Deutscher Bundestag', false],
      ['Straße und Hausnummer', 'Platz der Republik 1', true],
      ['Postleitzahl', '11011', true],
      ['Ort', 'Berlin', true],
    ],
    subdivision: null,
    postal: [' 10117', '10117', '00000'],
    words: {
      incomplete: 'Noch keine gültige Nummer',
      valid: 'Gültige Nummer: ',
      validPostal: 'Gültig: ',
      invalidPostal: 'Hier kein gültiger Code',
      missing: 'Dieses Feld darf nicht leer sein.',
      complete: 'Die Adresse ist vollständig.',
    },
    currencies: [['1.234,56 €', 'Euro']],
    zones: [['Mitteleuropäische Zeit', ['Berlin', 'Büsingen']]],
    dir: 'ltr',
  },
  {
    // Right to left, Arabic words, the Arabic example; the postcode after the city and not required (Google's require: AC).
    country: 'SA',
    locale: 'ar',
    typed: 'السعودية',
    name: 'المملكة العربية السعودية',
    phone: ['0501234567', '050 123 4567', '+966501234567'],
    fields: [
      ['الاسم', '', false],
      ['المؤسسة', 'جامعة الملك سعود', false],
      ['عنوان الشارع', 'ص.ب 2454', true],
      ['المدينة', 'الرياض', true],
      ['الرمز البريدي', '11451', false],
    ],
    subdivision: null,
    postal: [' ١١٤٥١ ', '11451', '1145'],
    words: AR,
    currencies: [['1,234.56 ر.س.', 'ريال سعودي']],
    zones: [['التوقيت العربي', ['الرياض']]],
    dir: 'rtl',
  },
  {
    country: 'US',
    locale: 'en',
    typed: 'united st',
    name: 'United States',
    phone: ['2015550123', '(201) 555-0123', '+12015550123'],
    fields: [
      ['Name', '', false],
      ['Organization', 'The White House', false],
      ['Street address', '1600 Pennsylvania Avenue NW', true],
      ['City', 'Washington', true],
      ['State', '', true],
      ['ZIP Code', '20500', true],
    ],
    subdivision: ['US-CA', 'California'],
    postal: ['20500 0003', '20500-0003', '2050'],
    words: EN,
    currencies: [['$1,234.56', 'US Dollar']],
    zones: [
      [
        'Eastern Time',
        [
          'New York',
          'Detroit',
          'Louisville',
          'Monticello, Kentucky',
          'Indianapolis',
          'Vincennes, Indiana',
          'Winamac, Indiana',
          'Marengo, Indiana',
          'Petersburg, Indiana',
          'Vevay, Indiana',
        ],
      ],
      [
        'Central Time',
        ['Chicago', 'Tell City, Indiana', 'Knox, Indiana', 'Menominee', 'Center, North Dakota', 'New Salem, North Dakota', 'Beulah, North Dakota'],
      ],
      ['Mountain Time', ['Denver', 'Boise', 'Phoenix']],
      ['Pacific Time', ['Los Angeles']],
      ['Alaska Time', ['Anchorage', 'Juneau', 'Sitka', 'Metlakatla', 'Yakutat', 'Nome']],
      ['Hawaii-Aleutian Time', ['Adak']],
      ['Hawaii-Aleutian Standard Time', ['Honolulu']],
    ],
    dir: 'ltr',
  },
  {
    // A reader of English gets Japan's Latin-script layout and example, and English words for its fields.
    country: 'JP',
    locale: 'en',
    typed: 'japan',
    name: 'Japan',
    phone: ['09012345678', '090-1234-5678', '+819012345678'],
    fields: [
      ['Name', '', false],
      ['Organization', 'Tokyo Metropolitan Government', false],
      ['Street address', '2-8-1 Nishi-Shinjuku', true],
      ['City', 'Shinjuku-ku', false],
      ['Prefecture', '', true],
      ['Postal code', '163-8001', true],
    ],
    subdivision: ['JP-13', 'Tokyo'],
    postal: ['〒1638001', '163-8001', '16380011'],
    words: EN,
    currencies: [['¥1,235', 'Japanese Yen']],
    zones: [['Japan Time', ['Tokyo']]],
    dir: 'ltr',
  },
  {
    country: 'BR',
    locale: 'pt',
    typed: 'brasil',
    name: 'Brasil',
    phone: ['11961234567', '(11) 96123-4567', '+5511961234567'],
    fields: [
      ['Organização', 'Palácio do Planalto', false],
      ['Nome', '', false],
      ['Rua e número', 'Praça dos Três Poderes', true],
      ['Bairro', '', false],
      ['Cidade', 'Brasília', true],
      ['Estado', '', true],
      ['CEP', '70150-900', true],
    ],
    subdivision: ['BR-SP', 'São Paulo'],
    postal: ['01310.100', '01310-100', '0131-100'],
    words: {
      incomplete: 'Ainda não é um número válido',
      valid: 'Número válido: ',
      validPostal: 'Válido: ',
      invalidPostal: 'Não é um código válido aqui',
      missing: 'Este campo não pode ficar vazio.',
      complete: 'O endereço está completo.',
    },
    currencies: [['R$ 1.234,56', 'Real brasileiro']],
    zones: [
      ['Horário de Fernando de Noronha', ['Fernando de Noronha']],
      ['Horário de Brasília', ['Belém', 'Fortaleza', 'Recife', 'Araguaína', 'Maceió', 'Bahia', 'São Paulo', 'Santarém']],
      ['Horário do Amazonas', ['Campo Grande', 'Cuiabá', 'Porto Velho', 'Boa Vista', 'Manaus']],
      ['Horário do Acre', ['Eirunepé', 'Rio Branco']],
    ],
    dir: 'ltr',
  },
  {
    // The UK's post town and postcode, no county (the layout has no %S).
    country: 'GB',
    locale: 'en',
    typed: 'united kingdom',
    name: 'United Kingdom',
    phone: ['01212345678', '0121 234 5678', '+441212345678'],
    fields: [
      ['Name', '', false],
      ['Organization', "Prime Minister's Office", false],
      ['Street address', '10 Downing Street', true],
      ['Post town', 'London', true],
      ['Postcode', 'SW1A 2AA', true],
    ],
    subdivision: null,
    postal: ['sw1a1aa', 'SW1A 1AA', 'QQ1 1QQ'],
    words: EN,
    currencies: [['£1,234.56', 'British Pound']],
    zones: [['Greenwich Mean Time', ['London']]],
    dir: 'ltr',
  },
  {
    // Right to left, Hebrew words, the Hebrew example and the post's own term for the postcode.
    country: 'IL',
    locale: 'he',
    typed: 'ישראל',
    name: 'ישראל',
    phone: ['0502345678', '050-234-5678', '+972502345678'],
    fields: [
      ['שם', '', false],
      ['ארגון', 'עיריית תל אביב-יפו', false],
      ['כתובת רחוב', 'אבן גבירול 69', true],
      ['עיר', 'תל אביב-יפו', true],
      ['מיקוד', '6416201', false],
    ],
    subdivision: null,
    postal: ['６４１６２０１', '6416201', '641620'],
    words: {
      incomplete: 'המספר עדיין אינו תקף',
      valid: 'מספר תקף: ',
      validPostal: 'תקף: ',
      invalidPostal: 'זה אינו קוד תקף כאן',
      missing: 'אי אפשר להשאיר את השדה הזה ריק.',
      complete: 'הכתובת מלאה.',
    },
    currencies: [['1,234.56 ₪', 'שקל חדש']],
    zones: [['שעון ישראל', ['ירושלים']]],
    dir: 'rtl',
  },
  {
    country: 'AE',
    locale: 'ar',
    typed: 'الإمارات',
    name: 'الإمارات العربية المتحدة',
    phone: ['0501234567', '050 123 4567', '+971501234567'],
    fields: [
      ['الاسم', '', false],
      ['المؤسسة', 'اللوفر أبوظبي', false],
      ['عنوان الشارع', 'المنطقة الثقافية في السعديات، جزيرة السعديات', true],
      ['المدينة', 'أبوظبي', false],
      ['الإمارة', '', true],
    ],
    subdivision: ['AE-DU', 'دبي'],
    postal: null,
    words: { ...AR, noPostal: 'الإمارات العربية المتحدة: لا تُستخدم الرموز البريدية.' },
    currencies: [['1,234.56 د.إ.', 'درهم إماراتي']],
    zones: [['توقيت الخليج', ['دبي']]],
    dir: 'rtl',
  },
];

const SCREENSHOTS = join(ARTIFACTS, 'browser-form');
let browser: Browser | undefined;
let gateway: Gateway | undefined;
let origin: string;
/** A fresh page (own storage) opened as `npm start` prints the link, with every request it makes recorded. */
async function openForm(fragment = `#key=${TEST_KEY}`, { locale = 'en-US' } = {}) {
  const context = await browser!.newContext({ locale });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${origin}/${fragment}`);
  /** Closes the page, failing the case if it threw or logged an error (a CSP refusal included) other than `expected`. */
  const close = async (expected?: RegExp) => {
    await context.close();
    assert.equal(
      errors.filter((error) => !expected?.test(error)),
      [],
    );
  };
  return { page, requests, close, origin };
}

/** Types `typed` into the combobox, then takes its first option with the keyboard (`beforeChoosing` runs while the options show); returns the options seen. */
async function pickCountry(page: Page, typed: string, beforeChoosing?: () => Promise<void>): Promise<string[]> {
  const combobox = page.locator('#country');
  // The list shows each search's answer as it comes: wait for the answer to what was typed whole, shown,
  // not for the first option (a slow machine shows the answer to "united" while "united st" is typed).
  const searched = (url: URL) => url.pathname === '/v1/countries/search' && url.searchParams.get('q') === typed.trim();
  const answered = page.waitForResponse((response) => searched(new URL(response.url())));
  await combobox.pressSequentially(typed);
  const first: string | undefined = (await (await answered).json()).countries[0]?.name;
  await page.waitForFunction((name) => document.querySelector('#country-options [role="option"]')?.textContent?.includes(name), first ?? '');
  const options = await page.locator('#country-options').getByRole('option').allTextContents();
  await beforeChoosing?.();
  await combobox.press('ArrowDown');
  await combobox.press('Enter');
  await page.waitForFunction(() => !(document.getElementById('address') as HTMLFieldSetElement).disabled);
  return options;
}

const form = suite('form page in Chromium');

// The browser first: a missing Chromium fails every case with how to install it (test/helpers/strict-hooks.cjs).
form.before(async () => {
  browser = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
  gateway = await startGateway();
  origin = `http://127.0.0.1:${gateway.port}`;
});
form.after(async () => {
  await browser?.close();
  await gateway?.close();
});

/** The address fields shown, in order: each prefix's text, or [label without its marker, placeholder, required]. */
const shownFields = (page: Page) =>
  page.locator('#address-rows').evaluate((rows) =>
    [...rows.querySelectorAll('.prefix, .field')]
      .filter((element) => !(element as HTMLElement).hidden)
      .map((element) => {
        if (element.classList.contains('prefix')) return element.textContent;
        const label = element.querySelector('label')!;
        const control = element.querySelector('input, select') as HTMLInputElement;
        return [label.firstChild!.textContent, control.placeholder ?? '', control.required && label.querySelector('.required') !== null];
      }),
  );

/** Every text control of the address and the country: each should take its direction from its own text. */
const directions = (page: Page) =>
  page
    .locator('#form')
    .evaluate((form) =>
      [...form.querySelectorAll('#country, #address input')]
        .filter((input) => !(input as HTMLInputElement).closest('[hidden]'))
        .map((input) => input.getAttribute('dir')),
    );

/** The page's own words on screen (headings, labels, hints, statuses, buttons; not the names or what was typed). */
// The callback runs in the page as written: no named function inside (tsx would wrap it in a helper the page lacks).
const pageText = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('h1, .intro, label, legend, .hint, .status, button, #error')]
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      // biome-ignore lint/performance/useDomNodeTextContent: innerText is the text as the reader sees it, which the test reads.
      .map((element) => (element as HTMLElement).innerText)
      .join('\n'),
  );

/** The text of `selector` as drawn, left to right (each character where its box starts, line by line): the order a reader sees, not the DOM's. */
// As pageText: the callback runs in the page, so nothing in it is a named function.
const drawnText = (page: Page, selector: string) =>
  page.locator(selector).evaluate((root) => {
    const drawn: { char: string; x: number; y: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let index = 0; index < node.data.length; index++) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getBoundingClientRect();
        if (box.width > 0) drawn.push({ char: node.data[index], x: box.x, y: Math.round(box.y) });
      }
    }
    return drawn
      .sort((a, b) => a.y - b.y || a.x - b.x)
      .map((item) => item.char)
      .join('');
  });

/** The record's facts shown: each currency's amount (bidi marks dropped, spaces plain) and name, each zone name (null: none) and its cities. */
const shownFacts = async (page: Page) => {
  const shown = await page.locator('#facts').evaluate((facts) => ({
    currencies: [...facts.querySelectorAll('dd.currency')].map((item) => [
      item.querySelector('.amount')!.textContent,
      item.querySelector('.name')!.textContent,
    ]),
    zones: [...facts.querySelectorAll('dd.zone')].map((item) => [
      item.querySelector(':scope > .name')?.textContent ?? null,
      [...item.querySelectorAll('.cities li')].map((city) => city.textContent),
    ]),
  }));
  const plain = (amount: string | null) => (amount ?? '').replace(/[\u200e\u200f\u061c]/g, '').replace(/[\u00a0\u202f]/g, ' ');
  return { currencies: shown.currencies.map(([amount, name]) => [plain(amount), name]), zones: shown.zones };
};

for (const test of CASES) {
  form(`should build the ${test.country} address from its layout in ${test.locale}, and check a phone and a postcode as a person types them`, async () => {
    const { page, requests, close, origin } = await openForm();
    try {
      await page.locator('#locale').selectOption(test.locale);
      // The page's words load after the choice: wait for the page to take the language, then check it.
      await page.waitForFunction((locale) => document.documentElement.lang === locale, test.locale).catch(() => {});
      assert.equal(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), [test.locale, test.dir]);

      // As drawn, an option's code and calling code keep their order in a right-to-left list ("SA +966").
      const optionCodes = async () => {
        const code = (await page.locator('#country-options [role="option"]:first-child .code').textContent()) ?? '';
        assert.ok((await drawnText(page, '#country-options [role="option"]:first-child')).includes(code), code);
      };
      const options = await pickCountry(page, test.typed, optionCodes);
      assert.ok(options[0].includes(test.name), `first option ${options[0]}`);
      const combobox = page.locator('#country');
      assert.is(await combobox.inputValue(), test.name);
      assert.is(await combobox.getAttribute('aria-expanded'), 'false');

      // The fields, their order, labels, placeholders and required markers, as the country's layout has them.
      assert.equal(await shownFields(page), test.fields);
      assert.ok(
        (await directions(page)).every((dir) => dir === 'auto'),
        'every address input and the country take dir=auto',
      );
      assert.is(await page.locator('input[autocomplete="postal-code"]:visible').count(), test.postal ? 1 : 0, 'the postcode is asked once');
      assert.is(await page.locator('#subdivision').isVisible(), test.subdivision !== null);
      assert.is(await page.getByText(/Address line/).count(), 0);
      assert.equal(await shownFacts(page), { currencies: test.currencies, zones: test.zones });

      // Checking the empty address marks each required field, in the reader's language.
      await page.locator('#check').click();
      const required = test.fields.filter((field): field is Field => typeof field !== 'string' && field[2]);
      const invalid = page.locator('#address [aria-invalid="true"]');
      assert.is(await invalid.count(), required.length);
      for (let index = 0; index < required.length; index++) {
        assert.is(await page.locator(`#${await invalid.nth(index).getAttribute('aria-describedby')}`).textContent(), test.words.missing);
      }
      await page.screenshot({ path: join(SCREENSHOTS, `${test.country}-${test.locale}-empty.png`), fullPage: true });

      // Digit by digit: the typed digits stay in order at every step, and the end is the country's national form.
      const [digits, shown, e164] = test.phone;
      const phone = page.locator('#phone');
      for (let index = 0; index < digits.length; index++) {
        await phone.press(digits[index]);
        assert.is((await phone.inputValue()).replace(/\D/g, ''), digits.slice(0, index + 1));
        if (index === 0) {
          assert.is(await page.locator('#phone-status').textContent(), test.words.incomplete);
          assert.is(await phone.getAttribute('aria-invalid'), 'true');
        }
      }
      assert.is(await phone.inputValue(), shown);
      assert.is(await page.locator('#phone-status').textContent(), `${test.words.valid}${e164}`);
      assert.is(await phone.getAttribute('aria-invalid'), null);
      // As drawn, the plus stays in front of the number and of the calling code, in a right-to-left page too ("+966...", not "966...+").
      assert.ok((await drawnText(page, '#phone-status')).includes(e164), `${await drawnText(page, '#phone-status')} shows ${e164}`);
      const callingCode = (await page.locator('#phone-label bdi').textContent()) ?? '';
      assert.match(callingCode, /^\+\d+$/);
      assert.ok((await drawnText(page, '#phone-label')).includes(callingCode), `${await drawnText(page, '#phone-label')} shows ${callingCode}`);

      if (test.subdivision) {
        const subdivision = page.locator('#subdivision');
        await subdivision.selectOption(test.subdivision[0]);
        assert.is(await subdivision.evaluate((select: HTMLSelectElement) => select.selectedOptions[0].textContent), test.subdivision[1]);
      }

      const postal = page.locator('#postal');
      if (test.postal === null) {
        assert.ok(await postal.isHidden());
        assert.is(await page.locator('#postal-none').textContent(), test.words.noPostal);
      } else {
        const [typed, canonical, impossible] = test.postal;
        await postal.pressSequentially(impossible);
        assert.match((await page.locator('#postal-status').textContent()) ?? '', test.words.invalidPostal);
        assert.is(await postal.getAttribute('aria-invalid'), 'true');
        await postal.fill('');
        await postal.pressSequentially(typed);
        assert.is(await page.locator('#postal-status').textContent(), `${test.words.validPostal}${canonical}`);
        await postal.press('Tab'); // leaving the field shows the code as the post writes it
        assert.is(await postal.inputValue(), canonical);
        assert.is(await postal.getAttribute('aria-invalid'), null);
      }
      // The other required fields filled with the example's own parts: the address is complete.
      for (const input of await page.locator('#address-rows input[required]:not(#postal)').all())
        await input.fill((await input.getAttribute('placeholder')) ?? '');
      await page.locator('#check').click();
      assert.is(await page.locator('#check-status').textContent(), test.words.complete);
      // No word of the page is English where the page speaks the reader's language and writes another script.
      if (['ja', 'ar', 'he'].includes(test.locale)) assert.not.match((await pageText(page)).replace(/Country Reference API|Enter|\+\d+/g, ''), /[A-Za-z]/);
      await page.screenshot({ path: join(SCREENSHOTS, `${test.country}-${test.locale}.png`), fullPage: true });

      // The key stays out of the address bar, and no request leaves the page's origin or carries the key in its URL.
      assert.not.match(page.url(), 'key=');
      assert.ok(requests.length > 5);
      for (const url of requests) {
        assert.ok(url.startsWith(`${origin}/`), url);
        assert.not.match(url, TEST_KEY);
      }
    } finally {
      await close();
    }
  });
}

form('should rename the chosen country, its subdivisions and every label when the UI locale changes, keeping what was typed', async () => {
  const { page, close } = await openForm();
  try {
    await page.locator('#locale').selectOption('en');
    await pickCountry(page, 'united st');
    await page.locator('#subdivision').selectOption('US-CA');
    await page.getByLabel('Street address').fill('1600 Pennsylvania Avenue NW');
    await page.locator('#locale').selectOption('fr');
    await page.waitForFunction(() => (document.getElementById('country') as HTMLInputElement).value === 'États-Unis');
    assert.is(await page.locator('#subdivision').evaluate((select: HTMLSelectElement) => select.selectedOptions[0].textContent), 'Californie');
    assert.equal(await shownFields(page), [
      ['Nom', '', false],
      ['Organisation', 'The White House', false],
      ['Numéro et voie', '1600 Pennsylvania Avenue NW', true],
      ['Ville', 'Washington', true],
      ['État', '', true],
      ['Code postal', '20500', true],
    ]);
    assert.is(await page.getByLabel('Numéro et voie').inputValue(), '1600 Pennsylvania Avenue NW');
    assert.is(await page.locator('label[for="locale"]').textContent(), 'Langue');
    const combobox = page.locator('#country');
    await combobox.fill('');
    await pickCountry(page, 'japon');
    assert.is(await combobox.inputValue(), 'Japon');
  } finally {
    await close();
  }
});

form('should switch Japan from its Latin-script layout to its own when the reader changes from English to Japanese', async () => {
  const { page, close } = await openForm();
  try {
    await page.locator('#locale').selectOption('en');
    await pickCountry(page, 'japan');
    await page.getByLabel('City').fill('新宿区');
    await page.locator('#subdivision').selectOption('JP-13');
    await page.locator('#locale').selectOption('ja');
    await page.waitForFunction(() => (document.getElementById('country') as HTMLInputElement).value === '日本');
    assert.equal(await shownFields(page), CASES[0].fields);
    assert.is(await page.getByLabel('市区町村').inputValue(), '新宿区');
    assert.is(await page.locator('#subdivision').evaluate((select: HTMLSelectElement) => select.selectedOptions[0].textContent), '東京都');
  } finally {
    await close();
  }
});

form('should show an amount in each of two tenders, in the new language after a change, and none where a country has no currency', async () => {
  const { page, close } = await openForm();
  try {
    await page.locator('#locale').selectOption('en');
    await pickCountry(page, 'panama');
    const zones = [['Eastern Time', ['Panama']]];
    assert.equal(await shownFacts(page), {
      currencies: [
        ['PAB 1,234.56', 'Panamanian Balboa'],
        ['$1,234.56', 'US Dollar'],
      ],
      zones,
    });
    await page.locator('#locale').selectOption('es');
    await page.waitForFunction(() => (document.getElementById('country') as HTMLInputElement).value === 'Panamá');
    assert.equal(await shownFacts(page), {
      currencies: [
        ['1234,56 PAB', 'balboa panameño'],
        ['1234,56 US$', 'dólar estadounidense'],
      ],
      zones: [['hora oriental', ['Panamá']]],
    });
    assert.is(await page.locator('#currency-term').textContent(), 'Moneda');
    assert.is(await page.locator('#zone-term').textContent(), 'Zona horaria');

    // Antarctica has no currency: no amount and no currency term, not a guess; its research stations' zones, in the record's order.
    await page.locator('#locale').selectOption('en');
    await page.locator('#country').fill('');
    await pickCountry(page, 'antarctica');
    const record = (await gateway!.request('/v1/countries/AQ?locale=en')).json();
    assert.equal(record.currencies, []);
    // The address was open already (Panama's): wait for Antarctica's facts, or a slow machine still shows Panama's.
    const stations = record.time_zones.map((zone: { id: string }) => zone.id).join(' ');
    await page.waitForFunction(
      (expected) => [...document.querySelectorAll<HTMLElement>('#facts .cities li')].map((city) => city.dataset.zone).join(' ') === expected,
      stations,
    );
    assert.ok(await page.locator('#currency-term').isHidden());
    assert.is(await page.locator('#facts dd.currency').count(), 0);
    assert.ok(await page.locator('#zone-term').isVisible());
    assert.equal(
      await page.locator('#facts .cities li').evaluateAll((cities) => cities.map((city) => (city as HTMLElement).dataset.zone)),
      record.time_zones.map((zone: { id: string }) => zone.id),
    );
  } finally {
    await close();
  }
});

form('should lay out English words left to right in a right-to-left page whose language it has no words for (ps)', async () => {
  const { page, close } = await openForm();
  try {
    await page.locator('#locale').selectOption('ps');
    await page.waitForFunction(() => document.documentElement.lang === 'ps');
    assert.is(await page.evaluate(() => document.documentElement.dir), 'rtl');
    await pickCountry(page, 'افغانستان');
    await page.locator('#check').click();
    await page.locator('#phone').pressSequentially('0701234567');
    await page.locator('#phone-status.valid').waitFor();
    // Each English word reads in English order: drawn left to right as it is written, the full stop last, "+93..." with its plus in front.
    for (const selector of ['#country-hint', '#required-note', '#address-A-status', '#phone-status', '#currency-term']) {
      const word = page.locator(selector);
      assert.is(await word.getAttribute('lang'), 'en', selector);
      assert.is(await word.evaluate((element) => getComputedStyle(element).direction), 'ltr', selector);
      assert.is((await drawnText(page, selector)).replace(/\s/g, ''), ((await word.textContent()) ?? '').replace(/\s/g, ''), selector);
    }
    assert.is(await page.locator('#address-A-status').textContent(), EN.missing);
    assert.is(await page.locator('#phone-status').textContent(), `${EN.valid}+93701234567`);
  } finally {
    await close();
  }
});

form("should ask for a key in the browser's language", async () => {
  const { page, close } = await openForm('', { locale: 'ar' });
  try {
    await page.locator('#key-reason').getByText('تحتاج هذه الصفحة إلى مفتاح API.').waitFor();
    assert.equal(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ar', 'rtl']);
    assert.is(await page.locator('label[for="key"]').textContent(), 'مفتاح API');
    assert.is(await page.locator('#key-form button').textContent(), 'استخدام هذا المفتاح');
  } finally {
    await close();
  }
});

form('should move through the options with the arrow keys and close them with Escape', async () => {
  const { page, close } = await openForm();
  try {
    const combobox = page.getByRole('combobox', { name: 'Country / Region' });
    await combobox.pressSequentially('guinea');
    await page.locator('#country-options').getByRole('option').nth(2).waitFor();
    const ids = await page
      .locator('#country-options')
      .getByRole('option')
      .evaluateAll((options) => options.map((option) => option.id));
    assert.is(await combobox.getAttribute('aria-expanded'), 'true');
    assert.is(await combobox.getAttribute('aria-controls'), 'country-options');
    await combobox.press('ArrowDown');
    await combobox.press('ArrowDown');
    assert.is(await combobox.getAttribute('aria-activedescendant'), ids[1]);
    assert.is(await page.locator(`#${ids[1]}`).getAttribute('aria-selected'), 'true');
    await combobox.press('ArrowUp');
    assert.is(await combobox.getAttribute('aria-activedescendant'), ids[0]);
    await combobox.press('Escape');
    assert.is(await combobox.getAttribute('aria-expanded'), 'false');
    assert.ok(await page.getByRole('listbox').isHidden());
    assert.is(await combobox.getAttribute('aria-activedescendant'), null);
  } finally {
    await close();
  }
});

form('should ask for a key when the link has none, and refuse a wrong one', async () => {
  const { page, close } = await openForm('');
  try {
    const field = page.getByLabel('API key');
    await field.waitFor();
    assert.ok(await page.locator('#form').isHidden());
    await field.fill('wrong-key-0123456789abcdef');
    await field.press('Enter');
    await page.getByText('The API refused this key. Enter a valid one.').waitFor();
    await field.fill(TEST_KEY);
    await field.press('Enter');
    await page.getByRole('combobox', { name: 'Country / Region' }).waitFor();
    assert.ok(await field.isHidden());
  } finally {
    await close(/status of 401 \(Unauthorized\)/);
  }
});

form.run();
