import type { Page } from 'playwright-core';
import { localeCodes } from '../../scripts/check-locales.mjs';
import { type E2E, openPage, openSignedIn, startE2E } from '../support/e2e.js';
import { signedUpPlayer } from '../support/test-app.js';

/** Every piece of text a player sees: visible elements' own text, outside the language list's options. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!parent || !text || parent.closest('select, option, script, style')) continue;
      if (parent.getClientRects().length === 0 || getComputedStyle(parent).visibility === 'hidden') continue;
      texts.add(text);
    }
    return [...texts];
  });
}

/** Names, signs and numbers (a badge's count) read the same in every language. */
const sameEverywhere = (text: string) => text === 'GlobeTrail' || text === '·' || /^\d+$/.test(text);
/** Words these languages share with English, checked one by one. */
const SHARED_WORDS: Record<string, readonly string[]> = { Menu: ['da', 'fil', 'fr', 'id', 'it', 'nl', 'pl', 'pt'] };
const RAW_KEY = /^[a-z][A-Za-z]+(\.[A-Za-z_]+)+$/;

describe('the interface in all 31 languages', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  it('changes every string of the home screen from English in each language, with no raw keys', async () => {
    const { page, context, errors } = await openPage(e2e);
    const welcome = page.getByTestId('welcome-dialog');
    await welcome.waitFor();
    const english = await visibleTexts(page);
    expect(english).toEqual(expect.arrayContaining(['Play', 'How to play']));
    const unchanged: Record<string, string[]> = {};
    const codes = localeCodes().filter((code) => code !== 'en');
    expect(codes).toHaveLength(30);
    for (const code of codes) {
      await welcome.locator('select').selectOption(code);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, code);
      await welcome.locator('.welcome__play').waitFor();
      const texts = await visibleTexts(page);
      expect(texts.filter((text) => RAW_KEY.test(text) || text.includes('{{'))).toEqual([]);
      const same = english.filter((text) => !sameEverywhere(text) && !SHARED_WORDS[text]?.includes(code) && texts.includes(text));
      if (same.length > 0) unchanged[code] = same;
    }
    expect(unchanged).toEqual({});
    await welcome.locator('select').selectOption('en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens in the language of a /{language} path and of ?lng=, and remembers a choice', async () => {
    const { page, context } = await openPage(e2e, '/ja');
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    await page.goto(`${e2e.url}/?lng=pt-BR`);
    await page.waitForFunction(() => document.documentElement.lang === 'pt');
    await page.goto(e2e.url);
    await page.waitForFunction(() => document.documentElement.lang === 'pt');
    await context.close();
  });
});

describe('settings, sounds and the Developer Tools check', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ DEVTOOLS_CHECK: 'on' });
  });
  afterAll(() => e2e.close());

  async function openSettings(page: Page) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByTestId('settings-window');
    await settings.waitFor();
    return settings;
  }

  it('keeps every setting of SPEC §3 over a reload', async () => {
    const player = await signedUpPlayer(e2e.t, 'Setter');
    const { page, context } = await openSignedIn(e2e, player);
    let settings = await openSettings(page);
    const switches = ['setting-miles', 'setting-effects', 'setting-music', 'setting-street-names', 'setting-straight-lines', 'setting-rings'];
    const before: Record<string, boolean> = {};
    for (const id of switches) before[id] = await settings.getByTestId(id).isChecked();
    // SPEC §3 defaults: miles off, effects on, music off, street names on below level 3, straight lines on, rings off.
    expect(before).toEqual({ 'setting-miles': false, 'setting-effects': true, 'setting-music': false, 'setting-street-names': true, 'setting-straight-lines': true, 'setting-rings': false });
    for (const id of switches) await settings.getByTestId(id).click();
    await settings.getByRole('radio').nth(1).check();
    await page.reload();
    settings = await openSettings(page);
    for (const id of switches) expect(await settings.getByTestId(id).isChecked()).toBe(!before[id]);
    expect(await settings.getByRole('radio').nth(1).isChecked()).toBe(true);
    await context.close();
  });

  it('plays the click sound on a button with effects on, and none with effects off', async () => {
    const player = await signedUpPlayer(e2e.t, 'Listener');
    const { page, context } = await openSignedIn(e2e, player);
    await page.evaluate(() => {
      const played: string[] = [];
      (window as unknown as { played: string[] }).played = played;
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        played.push(this.dataset.sound ?? this.src);
        return play.call(this);
      };
    });
    const played = () => page.evaluate(() => (window as unknown as { played: string[] }).played.slice());
    const settings = await openSettings(page);
    expect(await played()).toContain('click');
    // The sound is a real file the browser loads and decodes.
    await page.waitForFunction(() => [...document.querySelectorAll('audio'), ...performance.getEntriesByType('resource')].length > 0);
    const loaded = await page.evaluate(async () => {
      const audio = new Audio('/sounds/click.wav');
      await new Promise((resolve, reject) => {
        audio.addEventListener('canplaythrough', resolve, { once: true });
        audio.addEventListener('error', () => reject(new Error('click.wav did not load')), { once: true });
      });
      return audio.duration;
    });
    expect(loaded).toBeGreaterThan(0.01);
    await settings.getByTestId('setting-effects').click();
    const count = (await played()).length;
    await settings.getByTestId('setting-rings').click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    expect((await played()).slice(count)).toEqual([]);
    await context.close();
  });

  it('blanks the page and reports a signed-in player when Developer Tools pause it', async () => {
    const player = await signedUpPlayer(e2e.t, 'Peeker');
    const { page, context } = await openSignedIn(e2e, player);
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    // The context menu is blocked outside text fields, from the moment the client's configuration (which
    // switches the check on) has arrived; the Menu button can show before it does.
    await page.waitForFunction(() => !document.body.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true })));
    const field = await page.evaluateHandle(() => document.body.appendChild(document.createElement('input')));
    expect(await field.evaluate((input) => input.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true })))).toBe(true);
    await field.evaluate((input) => input.remove());
    const alerted = new Promise<string>((resolve) => page.once('dialog', (dialog) => (resolve(dialog.message()), void dialog.accept())));
    const reported = page.waitForResponse((response) => response.url().endsWith('/user/cheating-report'));
    // What opening Developer Tools does: the debugger stops the page at the check for a while.
    const cdp = await context.newCDPSession(page);
    cdp.on('Debugger.paused', () => {
      setTimeout(() => void cdp.send('Debugger.resume').catch(() => undefined), 1_200);
    });
    await cdp.send('Debugger.enable');
    expect(await alerted).toBe('Potential cheating detected! This activity will be reported. Please close Developer Tools.');
    expect(await (await reported).json()).toEqual({ recorded: true });
    await page.waitForFunction(() => document.body.dataset.blanked === 'devtools' && document.body.childElementCount === 0);
    await context.close();
  });
});
