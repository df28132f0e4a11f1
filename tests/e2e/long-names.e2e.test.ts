import type { Page } from 'playwright-core';
import { type E2E, openSignedIn, startE2E } from '../support/e2e.js';
import { playRounds, submitScore } from '../support/play.js';
import { signedUpPlayer } from '../support/test-app.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e.close());

/** The longest name a player may choose (40 characters), with nowhere to break it. */
const LONG = 'W'.repeat(40);

/**
 * What runs past `root`'s box sideways: each descendant sticking out (with a bit of its text), and how far
 * the root's own content scrolls. Empty and 0 when everything fits.
 */
async function sticksOut(page: Page, root: string) {
  return page.evaluate((selector) => {
    const box = document.querySelector(selector);
    if (!box) throw new Error(`no ${selector}`);
    const edge = box.getBoundingClientRect();
    const out: string[] = [];
    for (const element of box.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0) continue;
      if (rect.right > edge.right + 0.5 || rect.left < edge.left - 0.5) out.push(`${element.tagName.toLowerCase()}.${element.className}: ${(element.textContent ?? '').slice(0, 20)}`);
    }
    return { out: out.slice(0, 5), scroll: Math.max(0, box.scrollWidth - box.clientWidth), page: Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth) };
  }, root);
}

const fits = { out: [], scroll: 0, page: 0 };

describe('a 40-character name with no place to break', () => {
  it.each([
    ['a laptop', { width: 1366, height: 768 }],
    ['a phone', { width: 390, height: 844 }],
  ])('stays inside the leaderboard, the profile dialog and the lobby on %s', async (_device, viewport) => {
    const player = await signedUpPlayer(e2e.t, LONG);
    for (const played of await playRounds(e2e.t, player, [{ lat: 46, lng: 2 }], 'world')) await submitScore(e2e.t, player, played);
    await e2e.t.http.post('/games').set('Authorization', player.token).send({ gameT: 'D', mapId: 'world', listInLobby: true, mElo: null }).expect(201);

    const { page, context, errors } = await openSignedIn(e2e, player, '/#/leaderboard/points');
    await page.setViewportSize(viewport);
    const table = page.getByTestId('leaderboard-table');
    await table.getByRole('button', { name: LONG }).first().waitFor();
    expect(await sticksOut(page, 'main')).toEqual(fits);

    await table.getByRole('button', { name: LONG }).first().click();
    const profile = page.getByTestId('public-profile-window');
    await profile.getByTestId('tier-badge').waitFor();
    expect(await sticksOut(page, '[data-testid="public-profile-window"]')).toEqual(fits);
    await profile.getByRole('button', { name: 'Close' }).click();

    await page.goto(`${page.url().split('#')[0]}#/game/lobby`);
    await page.getByText(LONG).first().waitFor();
    expect(await sticksOut(page, 'main')).toEqual(fits);
    expect(errors).toEqual([]);
    await context.close();
  });
});
