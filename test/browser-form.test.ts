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

interface FormCase {
  country: string;
  /** The UI locale chosen, what is typed in the combobox, and the name the person then sees. */
  locale: string;
  typed: string;
  name: string;
  /** National digits typed one by one, what the field then shows, and the E.164 form it is valid as. */
  phone: [digits: string, shown: string, e164: string];
  /** A subdivision chosen, and its name in the UI locale. */
  subdivision: [code: string, name: string];
  /** Typed sloppily, its canonical form, and a code the country cannot have; null: no postcodes. */
  postal: [typed: string, canonical: string, impossible: string] | null;
  /** The postal field's label: the post's own term in the reader's language where the post writes it. */
  postalLabel?: string;
  /** The address example's lines, as placeholders in the country's order. */
  lines: string[];
  dir: 'ltr' | 'rtl';
}

const CASES: FormCase[] = [
  {
    country: 'DE', locale: 'de', typed: 'Deutsch', name: 'Deutschland', phone: ['030123456', '030 123456', '+4930123456'],
    subdivision: ['DE-BY', 'Bayern'], postal: [' 10117', '10117', '00000'], postalLabel: 'Postal code (Postleitzahl)',
    lines: ['Deutscher Bundestag', 'Platz der Republik 1', '11011 BERLIN'], dir: 'ltr',
  },
  {
    country: 'US', locale: 'en', typed: 'united st', name: 'United States', phone: ['2015550123', '(201) 555-0123', '+12015550123'],
    subdivision: ['US-CA', 'California'], postal: ['20500 0003', '20500-0003', '2050'], postalLabel: 'Postal code (ZIP Code)',
    lines: ['The White House', '1600 Pennsylvania Avenue NW', 'WASHINGTON, DC 20500'], dir: 'ltr',
  },
  {
    country: 'JP', locale: 'en', typed: 'japan', name: 'Japan', phone: ['09012345678', '090-1234-5678', '+819012345678'],
    subdivision: ['JP-13', 'Tokyo'], postal: ['〒1638001', '163-8001', '16380011'], postalLabel: 'Postal code (郵便番号)',
    lines: ['〒163-8001', '東京都', '新宿区西新宿二丁目8番1号', '東京都庁'], dir: 'ltr',
  },
  {
    country: 'BR', locale: 'pt', typed: 'brasil', name: 'Brasil', phone: ['11961234567', '(11) 96123-4567', '+5511961234567'],
    subdivision: ['BR-SP', 'São Paulo'], postal: ['01310.100', '01310-100', '0131-100'], postalLabel: 'Postal code (CEP)',
    lines: ['Palácio do Planalto', 'Praça dos Três Poderes', 'BRASÍLIA-DF', '70150-900'], dir: 'ltr',
  },
  {
    country: 'GB', locale: 'en', typed: 'united kingdom', name: 'United Kingdom', phone: ['01212345678', '0121 234 5678', '+441212345678'],
    subdivision: ['GB-MAN', 'Manchester'], postal: ['sw1a1aa', 'SW1A 1AA', 'QQ1 1QQ'], postalLabel: 'Postal code (postcode)',
    lines: ["Prime Minister's Office", '10 Downing Street', 'LONDON', 'SW1A 2AA'], dir: 'ltr',
  },
  {
    country: 'IL', locale: 'he', typed: 'ישראל', name: 'ישראל', phone: ['0502345678', '050-234-5678', '+972502345678'],
    subdivision: ['IL-TA', 'תל אביב'], postal: ['６４１６２０１', '6416201', '641620'], postalLabel: 'Postal code (מיקוד)',
    lines: ['עיריית תל אביב-יפו', 'אבן גבירול 69', 'תל אביב-יפו 6416201'], dir: 'rtl',
  },
  {
    country: 'AE', locale: 'ar', typed: 'الإمارات', name: 'الإمارات العربية المتحدة', phone: ['0501234567', '050 123 4567', '+971501234567'],
    subdivision: ['AE-DU', 'دبي'], postal: null,
    lines: ['اللوفر أبوظبي', 'المنطقة الثقافية في السعديات، جزيرة السعديات', 'أبوظبي'], dir: 'rtl',
  },
];

const SCREENSHOTS = join(ARTIFACTS, 'browser-form');
let browser: Browser | undefined;
let gateway: Gateway | undefined;
let origin: string;
/** A fresh page (own storage) opened as `npm start` prints the link, with every request it makes recorded. */
async function openForm(fragment = `#key=${TEST_KEY}`) {
  const context = await browser!.newContext();
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  await page.goto(`${origin}/${fragment}`);
  /** Closes the page, failing the case if it threw or logged an error (a CSP refusal included) other than `expected`. */
  const close = async (expected?: RegExp) => {
    await context.close();
    assert.equal(errors.filter((error) => !expected?.test(error)), []);
  };
  return { page, requests, close, origin };
}

/** Types `typed` into the combobox, then takes its first option with the keyboard; returns the options seen. */
async function pickCountry(page: Page, typed: string): Promise<string[]> {
  const combobox = page.getByRole('combobox', { name: 'Country' });
  await combobox.pressSequentially(typed);
  await page.locator('#country-options').getByRole('option').first().waitFor();
  const options = await page.locator('#country-options').getByRole('option').allTextContents();
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

for (const test of CASES) {
  form(`should fill a ${test.country} address and phone in ${test.locale} as a person sees it`, async () => {
    const { page, requests, close, origin } = await openForm();
    try {
      await page.getByLabel('Language of the names').selectOption(test.locale);
      assert.equal(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), [test.locale, test.dir]);

      const options = await pickCountry(page, test.typed);
      assert.ok(options[0].includes(test.name), `first option ${options[0]}`);
      const combobox = page.getByRole('combobox', { name: 'Country' });
      assert.is(await combobox.inputValue(), test.name);
      assert.is(await combobox.getAttribute('aria-expanded'), 'false');

      const placeholders = await page.locator('#address-lines input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).placeholder));
      assert.equal(placeholders, test.lines);
      for (const [index] of test.lines.entries()) assert.ok(await page.getByLabel(`Address line ${index + 1}`).isVisible());

      // Digit by digit: the typed digits stay in order at every step, and the end is the country's national form.
      const [digits, shown, e164] = test.phone;
      const phone = page.locator('#phone');
      for (let index = 0; index < digits.length; index++) {
        await phone.press(digits[index]);
        assert.is((await phone.inputValue()).replace(/\D/g, ''), digits.slice(0, index + 1));
        if (index === 0) {
          assert.is(await page.locator('#phone-status').textContent(), 'Not a valid number yet');
          assert.is(await phone.getAttribute('aria-invalid'), 'true');
        }
      }
      assert.is(await phone.inputValue(), shown);
      assert.is(await page.locator('#phone-status').textContent(), `Valid number: ${e164}`);
      assert.is(await phone.getAttribute('aria-invalid'), null);

      const subdivision = page.locator('#subdivision');
      await subdivision.selectOption(test.subdivision[0]);
      assert.is(await subdivision.evaluate((select: HTMLSelectElement) => select.selectedOptions[0].textContent), test.subdivision[1]);

      const postal = page.locator('#postal');
      if (test.postal === null) {
        assert.ok(await postal.isHidden());
        assert.match(await page.locator('#postal-none').textContent() ?? '', `${test.name} does not use postal codes.`);
      } else {
        const [typed, canonical, impossible] = test.postal;
        assert.is(await page.locator('#postal-label').textContent(), test.postalLabel);
        await postal.pressSequentially(impossible);
        assert.match(await page.locator('#postal-status').textContent() ?? '', 'Not a valid code here');
        assert.is(await postal.getAttribute('aria-invalid'), 'true');
        await postal.fill('');
        await postal.pressSequentially(typed);
        assert.is(await page.locator('#postal-status').textContent(), `Valid: ${canonical}`);
        await postal.press('Tab'); // leaving the field shows the code as the post writes it
        assert.is(await postal.inputValue(), canonical);
        assert.is(await postal.getAttribute('aria-invalid'), null);
      }
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

form('should rename the chosen country and its subdivisions when the UI locale changes', async () => {
  const { page, close } = await openForm();
  try {
    await page.getByLabel('Language of the names').selectOption('de');
    await pickCountry(page, 'Deutsch');
    await page.locator('#subdivision').selectOption('DE-BY');
    await page.getByLabel('Language of the names').selectOption('fr');
    const combobox = page.getByRole('combobox', { name: 'Country' });
    await page.waitForFunction(() => (document.getElementById('country') as HTMLInputElement).value === 'Allemagne');
    assert.is(await page.locator('#subdivision').evaluate((select: HTMLSelectElement) => select.selectedOptions[0].textContent), 'Bavière');
    await combobox.fill('');
    await pickCountry(page, 'japon');
    assert.is(await combobox.inputValue(), 'Japon');
  } finally {
    await close();
  }
});

form('should move through the options with the arrow keys and close them with Escape', async () => {
  const { page, close } = await openForm();
  try {
    const combobox = page.getByRole('combobox', { name: 'Country' });
    await combobox.pressSequentially('guinea');
    await page.locator('#country-options').getByRole('option').nth(2).waitFor();
    const ids = await page.locator('#country-options').getByRole('option').evaluateAll((options) => options.map((option) => option.id));
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
    assert.ok(await field.isVisible());
    assert.ok(await page.locator('#form').isHidden());
    await field.fill('wrong-key-0123456789abcdef');
    await field.press('Enter');
    await page.getByText('The API refused this key. Enter a valid one.').waitFor();
    await field.fill(TEST_KEY);
    await field.press('Enter');
    await page.getByRole('combobox', { name: 'Country' }).waitFor();
    assert.ok(await field.isHidden());
  } finally {
    await close(/status of 401 \(Unauthorized\)/);
  }
});

form.run();
