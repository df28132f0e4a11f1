import { type E2E, openPage, startE2E } from '../support/e2e.js';

/** SPEC §1's sister brands, §2's welcome dialog (intro video rule, guide link) and §9's tooltips. */
describe('brands, the welcome dialog and tooltips', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({
      INTRO_VIDEO_URL: '/intro-missing.webm',
      GUIDE_URL: 'https://guide.example.org/',
      BRAND_URL: 'https://globetrail.example/',
      SISTER_BRAND_HOSTS: 'localhost',
      SISTER_BRAND_URL: 'https://terratrail.example/',
    });
  });
  afterAll(() => e2e.close());

  it('hides an intro video that fails to load, links the guide and the sister brand', async () => {
    const { page, context } = await openPage(e2e);
    const videoAsked = page.waitForRequest((request) => request.url().endsWith('/intro-missing.webm'));
    const welcome = page.getByRole('dialog', { name: 'GlobeTrail' });
    await welcome.waitFor();
    await videoAsked;
    await page.waitForFunction(() => document.querySelector('[data-testid="welcome-video"]') === null);
    expect(await welcome.getByRole('link', { name: 'Read the full guide' }).getAttribute('href')).toBe('https://guide.example.org/');
    expect(await welcome.getByRole('link', { name: 'Play on TerraTrail' }).getAttribute('href')).toBe('https://terratrail.example/');
    expect(await page.title()).toBe('GlobeTrail');
    await context.close();
  });

  it("shows the hint after Play for its 9 s from when the round's picture is on screen, however long that took", async () => {
    const { page, context } = await openPage(e2e);
    // A slow first load: the round's picture arrives 10 s after it is asked for, longer than the hint stays.
    await page.route(/\/pano\/[^/?]+$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      await route.continue();
    });
    await page.getByTestId('welcome-dialog').getByRole('button', { name: 'Play', exact: true }).click();
    await page.locator('[data-testid="panorama"][data-state="loading"]').waitFor();
    const hint = page.getByTestId('snack').filter({ hasText: 'Drag the picture to look around, then place your guess on the map.' });
    expect(await hint.count()).toBe(0);
    await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
    await hint.waitFor({ timeout: 2_000 });
    await context.close();
  }, 60_000);

  it('dresses the page as the sister brand on its host name: name, colour, texts and the link back', async () => {
    const { page, context } = await openPage({ ...e2e, url: e2e.url.replace('127.0.0.1', 'localhost') });
    const welcome = page.getByRole('dialog', { name: 'TerraTrail' });
    await welcome.waitFor();
    await page.waitForFunction(() => document.title === 'TerraTrail');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim())).toBe('#0b6bcb');
    expect(await welcome.getByRole('link', { name: 'Play on GlobeTrail' }).getAttribute('href')).toBe('https://globetrail.example/');
    // Every text that names the game names this brand; the one link back names the other.
    expect((await welcome.innerText()).replace('Play on GlobeTrail', '')).not.toContain('GlobeTrail');
    expect(await welcome.innerText()).toContain('TerraTrail');
    await context.close();
  });

  it('shows a tooltip 100 ms after the mouse arrives, and takes it away when it leaves', async () => {
    const { page, context } = await openPage(e2e);
    await page.getByRole('dialog', { name: 'GlobeTrail' }).waitFor();
    await page.keyboard.press('Escape');
    const daily = page.getByTestId('toolbar-daily');
    await daily.hover();
    const tooltip = page.getByTestId('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toBe('You have 4 new daily challenges');
    // The browser's own tooltip does not double it while ours shows.
    expect(await daily.getAttribute('title')).toBeNull();
    await page.mouse.move(5, 700);
    await tooltip.waitFor({ state: 'detached' });
    expect(await daily.getAttribute('title')).toBe('You have 4 new daily challenges');
    await context.close();
  });

  it('spaces the screen by a unit of 4 px, and 8 px on tall screens (SPEC §9)', async () => {
    const toolbarTop = async (height: number) => {
      const { page, context } = await openPage(e2e, '/', { width: 1280, height });
      await page.getByRole('dialog', { name: 'GlobeTrail' }).waitFor();
      const top = await page.locator('.toolbar').evaluate((element) => element.getBoundingClientRect().top);
      await context.close();
      return top;
    };
    expect(await toolbarTop(800)).toBe(12);
    expect(await toolbarTop(1080)).toBe(24);
  });
});
