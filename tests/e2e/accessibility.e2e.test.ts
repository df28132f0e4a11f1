import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { type E2E, openPage, startE2E } from '../support/e2e.js';

const focusedOutline = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
  });

describe('accessibility', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  // axe-core on every screen, both viewports, guest and signed in: the journey suite (tests/support/journey.ts).

  it('plays a whole round from the keyboard alone, with the focus always visible', async () => {
    const { page, context, errors } = await openPage(e2e);
    await page.getByTestId('welcome-dialog').waitFor();
    // The welcome dialog focuses Play.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Play');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedOutline(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
    // Tab to the picture and look around with the arrows, then on to the guess map.
    const focusOn = async (selector: string) => {
      for (let presses = 0; presses < 40; presses += 1) {
        if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`the keyboard never reached ${selector}`);
    };
    await focusOn('.panorama__viewer');
    expect(await focusedOutline(page)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await focusOn('.maplibregl-canvas');
    // P drops the guess at the centre of the map, which the arrow keys and +/- move and zoom.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('p');
    await page.getByTestId('marker-guess').waitFor();
    await page.keyboard.press('Space');
    await page.getByTestId('round-result').waitFor();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="game-screen"][data-round="1"][data-phase="guessing"]').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('plays on a phone (390 × 844, touch): the map opens as a sheet, a tap places the guess, and nothing serious for axe', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(e2e.url);
    await page.getByTestId('welcome-dialog').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Play' }).tap();
    await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Map', exact: true }).tap();
    const canvas = page.getByTestId('guess-map').locator('canvas.maplibregl-canvas');
    await canvas.waitFor();
    // The sheet slides up: tap once its transition has finished.
    await page.waitForFunction(() => {
      const sheet = document.querySelector('.guess-sheet--open');
      return sheet !== null && sheet.getAnimations({ subtree: true }).length === 0;
    });
    const box = (await canvas.boundingBox())!;
    await canvas.tap({ position: { x: box.width / 2, y: box.height / 2 } });
    await page.getByTestId('marker-guess').waitFor();
    await page.getByRole('button', { name: 'Guess' }).tap();
    await page.getByTestId('round-result').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
